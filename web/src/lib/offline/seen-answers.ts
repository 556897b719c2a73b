import { getSessionState } from '@/apollo/session';
import type { SeedAnswer } from '@/data/seeds';
import { afterEffects } from '@/lib/after-effects';

/**
 * A server-rendered page hydrates from the answers the server rendered it with, so the browser may
 * never ask the network for them, and the service worker, which keeps the last answer of each public
 * query for a dropped connection, would have nothing of the page just read. This hands them over
 * (the worker keeps only its public queries: web/public/sw.js, 'lbf-seen-answers'). No network.
 *
 * Runs once the hydrating render's effects have run, and only while no one is
 * signed in: the answers are then still the server's, rendered for a visitor, and a signed-in
 * customer's own answers (fetched once the session is known) are never stored.
 */
export function handOverSeenAnswers(answers: readonly SeedAnswer[]): void {
  afterEffects(() => handOver(answers));
}

function handOver(all: readonly SeedAnswer[]): void {
  const worker = navigator.serviceWorker?.controller;
  // A query that failed on the server is nothing to keep.
  const answers = all.filter((answer) => answer.error === undefined);
  if (!worker || getSessionState().session || answers.length === 0) return;
  worker.postMessage({ type: 'lbf-seen-answers', answers });
}

/**
 * A server-rendered page fetches the app's modules and its route's chunks only when the app is
 * wanted (main.tsx): a visitor who only read it online would find, offline, a kept copy of the page
 * whose chunks were never fetched. This names them to the service worker, which keeps those it does
 * not have ('lbf-keep-assets': fetched by the worker, off the page's main thread; nothing runs).
 */
export function handOverPageModules(paths: readonly string[]): void {
  const worker = navigator.serviceWorker?.controller;
  if (!worker || paths.length === 0) return;
  worker.postMessage({ type: 'lbf-keep-assets', paths });
}
