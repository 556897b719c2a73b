import { afterCommit, type Tx } from '@lbf/service-kit';
import type { EventSubject } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import type { MessagingDeps } from '../shared/deps';
import { dispatchDeliveries } from './dispatch';
import { deliveryBody, deliveryIdOf, WEBHOOK_SOURCES, type WebhookData, type WebhookEventType } from './rules';
import { activeSubscriptionsFor, insertDeliveries } from './store';

/** One event as webhooks send it: its id (the source event's), public type, time and data. */
export interface WebhookEvent {
  eventId: string;
  type: WebhookEventType;
  occurredAt: string;
  data: WebhookData;
}

/**
 * In the transaction that records the event (a consumer's, with its inbox row; or contact/'s, with
 * the message): one delivery row per active subscription to its type, then, once that commits, one
 * job per row. A redelivered event finds its rows there already and adds nothing; a crash between
 * the commit and the jobs leaves pending rows the sweep dispatches.
 */
export async function queueWebhookEvent(deps: Pick<MessagingDeps, 'enqueue' | 'config'>, manager: EntityManager, event: WebhookEvent): Promise<void> {
  const subscriptions = await activeSubscriptionsFor(manager, event.type);
  const rows = subscriptions.map((s) => {
    const id = deliveryIdOf(event.eventId, s.id);
    return { id, subscriptionId: s.id, eventId: event.eventId, type: event.type, body: deliveryBody(id, event.type, event.occurredAt, event.data) };
  });
  const ids = await insertDeliveries(manager, rows);
  if (ids.length) await afterCommit(manager, () => dispatchDeliveries(deps, ids));
}

type Sources = typeof WEBHOOK_SOURCES;
export type WebhookSourceSubject = keyof Sources & EventSubject;

/** The consumers' handler for a source subject: the event mapped to its public type, then queued. */
export function fromSource<S extends WebhookSourceSubject>(deps: MessagingDeps, subject: S) {
  const map = WEBHOOK_SOURCES[subject] as (d: Parameters<Sources[S]>[0]) => { type: WebhookEventType; occurredAt: string; data: WebhookData };
  return async (envelope: { id: string; data: Parameters<Sources[S]>[0] }, tx: Tx) => {
    const { type, occurredAt, data } = map(envelope.data);
    await queueWebhookEvent(deps, tx.manager, { eventId: envelope.id, type, occurredAt, data });
  };
}
