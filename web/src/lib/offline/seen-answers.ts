import type { ApolloClient } from '@apollo/client';
import { getSessionState } from '@/apollo/session';
import { afterEffects } from '@/lib/after-effects';

/**
 * A server-rendered page hydrates from the answers the server rendered it with, so the browser may
 * never ask the network for them, and the service worker, which keeps the last answer of each public
 * query for a dropped connection, would have nothing of the page just read. This hands them over
 * (the worker keeps only its public queries: web/public/sw.js, 'lbf-seen-answers'). No network.
 *
 * Runs once the hydrating render's effects have subscribed its queries, and only while no one is
 * signed in: the answers are then still the server's, rendered for a visitor, and a signed-in
 * customer's own answers (fetched once the session is known) are never stored.
 */
export function handOverSeenAnswers(client: ApolloClient): void {
  afterEffects(() => handOver(client));
}

function handOver(client: ApolloClient): void {
  const worker = navigator.serviceWorker?.controller;
  if (!worker || getSessionState().session) return;
  const answers: Array<{ operationName: string; variables: object; data: unknown }> = [];
  for (const query of client.getObservableQueries('active')) {
    const { data, dataState } = query.getCurrentResult();
    if (!query.queryName || !data || dataState !== 'complete') continue;
    answers.push({ operationName: query.queryName, variables: query.variables ?? {}, data });
  }
  if (answers.length > 0) worker.postMessage({ type: 'lbf-seen-answers', answers });
}
