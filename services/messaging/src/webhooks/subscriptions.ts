import { ok, parseInput, recordAdminAction, type AdminActor, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { WebhookDelivery, WebhookDeliveryPage, WebhookSubscription } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { refusal } from '../shared/errors';
import { pagingSchema } from '../shared/paging';
import { isUuid } from '../shared/sql';
import { secretsOf } from './deliver';
import { redispatchDeliveries } from './dispatch';
import { fromEnumValue, replacedSecretSigns, toEnumValue, urlRefusal, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './rules';
import { newWebhookSecret } from './secrets';
import {
  attemptsOf,
  deleteSubscription,
  findDelivery,
  findSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  pendingDeliveries,
  reopenDelivery,
  replaceSecret,
  setSubscriptionStatus,
  type AttemptRow,
  type DeliveryRow,
  type SubscriptionRow,
} from './store';

/** The administrators' use cases of webhooks (the resolvers check the role); each change journaled. */

const TEXT = {
  notFound: 'Ce webhook est introuvable.',
  deliveryNotFound: 'Cette livraison est introuvable.',
  eventsRequired: 'Choisissez au moins un événement.',
  pausedByAdmin: 'Mis en pause par un administrateur',
} as const;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function subscriptionView(r: SubscriptionRow): WebhookSubscription {
  return {
    id: r.id,
    url: r.url,
    events: r.events.map((e) => toEnumValue(e) as WebhookSubscription['events'][number]),
    status: r.status === 'active' ? 'ACTIVE' : 'PAUSED',
    pausedReason: r.paused_reason,
    consecutiveFailures: r.consecutive_failures,
    createdAt: iso(r.created_at)!,
    secretChangedAt: iso(r.secret_rotated_at),
    previousSecretExpiresAt: replacedSecretSigns(r.previous_secret_expires_at, new Date()) ? iso(r.previous_secret_expires_at) : null,
  };
}

function deliveryView(r: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: r.id,
    eventType: toEnumValue(r.event_type) as WebhookDelivery['eventType'],
    status: r.status.toUpperCase() as WebhookDelivery['status'],
    attempts: r.attempts,
    lastResponseCode: r.last_response_code,
    lastError: r.last_error,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.delivered_at),
    log: attempts.map((a) => ({ attempt: a.attempt, at: iso(a.started_at)!, durationMs: a.duration_ms, succeeded: a.succeeded, responseCode: a.response_code, error: a.error })),
  };
}

const createInput = z.object({
  url: z.string().trim().min(1).max(2000),
  events: z.array(z.string()).max(WEBHOOK_EVENT_TYPES.length),
});

/** A new subscription, active; its secret returned this once (stored sealed). */
export async function createSubscription(deps: MessagingDeps, admin: AdminActor, raw: unknown): Promise<Result<{ subscription: WebhookSubscription; secret: string }>> {
  const parsed = parseInput(createInput, raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed.value;
  const refused = urlRefusal(url, deps.config.webhooks.allowPrivateTargets);
  if (refused) return refusal('INVALID_URL', refused, { field: 'url' });
  const events = [...new Set(parsed.value.events.map(fromEnumValue))].filter((e): e is WebhookEventType => e !== null);
  if (!events.length) return refusal('VALIDATION', TEXT.eventsRequired, { field: 'events' });
  const secret = newWebhookSecret();
  const row = await deps.uow.run(async (tx) => {
    const created = await insertSubscription(tx.manager, { id: randomUUID(), url, events, secretCiphertext: secretsOf(deps.config).seal(secret), createdBy: admin.userId, alertEmail: admin.email });
    await recordAdminAction(tx, admin, 'webhook.created', { id: created.id, label: url }, { events });
    return created;
  });
  return ok({ subscription: subscriptionView(row), secret });
}

/**
 * « Changer le secret »: a new signing secret, returned this once (stored sealed). The replaced one
 * keeps signing beside it for the configured overlap (24 h), so the integration switches without a
 * refused delivery (after a leak, the integration should stop accepting the old one at once).
 */
export async function rotateSecret(deps: MessagingDeps, admin: AdminActor, id: string): Promise<Result<{ subscription: WebhookSubscription; secret: string }>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', TEXT.notFound);
  const secret = newWebhookSecret();
  const row = await deps.uow.run(async (tx) => {
    const changed = await replaceSecret(tx.manager, id, secretsOf(deps.config).seal(secret), deps.config.webhooks.secretOverlapMs);
    if (changed) await recordAdminAction(tx, admin, 'webhook.secret_rotated', { id, label: changed.url });
    return changed;
  });
  if (!row) return refusal('NOT_FOUND', TEXT.notFound);
  return ok({ subscription: subscriptionView(row), secret });
}

/** Pauses or resumes; resuming dispatches the deliveries left pending meanwhile. */
export async function setSubscriptionActive(deps: MessagingDeps, admin: AdminActor, id: string, active: boolean): Promise<Result<WebhookSubscription>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', TEXT.notFound);
  const row = await deps.uow.run(async (tx) => {
    const before = await findSubscription(tx.manager, id, true);
    if (!before) return null;
    if ((before.status === 'active') === active) return before;
    const after = await setSubscriptionStatus(tx.manager, id, active ? 'active' : 'paused', active ? null : TEXT.pausedByAdmin);
    await recordAdminAction(tx, admin, active ? 'webhook.resumed' : 'webhook.paused', { id, label: before.url });
    return after;
  });
  if (!row) return refusal('NOT_FOUND', TEXT.notFound);
  if (active) await redispatchDeliveries(deps, await pendingDeliveries(deps.ds.manager, { subscriptionId: id }));
  return ok(subscriptionView(row));
}

export async function removeSubscription(deps: MessagingDeps, admin: AdminActor, id: string): Promise<Result<boolean>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', TEXT.notFound);
  const removed = await deps.uow.run(async (tx) => {
    const row = await deleteSubscription(tx.manager, id);
    if (row) await recordAdminAction(tx, admin, 'webhook.deleted', { id, label: row.url });
    return row;
  });
  return removed ? ok(true) : refusal('NOT_FOUND', TEXT.notFound);
}

/** « Renvoyer »: the delivery pending again and a fresh job (every attempt); same id and body, signed anew. */
export async function retryDelivery(deps: MessagingDeps, admin: AdminActor, id: string): Promise<Result<WebhookDelivery>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', TEXT.deliveryNotFound);
  const row = await deps.uow.run(async (tx) => {
    const reopened = await reopenDelivery(tx.manager, id);
    if (reopened) await recordAdminAction(tx, admin, 'webhook.delivery_resent', { id: reopened.subscription_id, label: `${reopened.event_type} ${reopened.id}` }, { deliveryId: reopened.id });
    return reopened;
  });
  if (!row) return refusal('NOT_FOUND', TEXT.deliveryNotFound);
  await redispatchDeliveries(deps, [row.id]);
  const fresh = (await findDelivery(deps.ds.manager, id)) ?? row;
  return ok(deliveryView(fresh, await attemptsOf(deps.ds.manager, [id])));
}

export async function subscriptions(deps: Pick<MessagingDeps, 'ds'>): Promise<WebhookSubscription[]> {
  return (await listSubscriptions(deps.ds.manager)).map(subscriptionView);
}

const deliveriesArgs = pagingSchema.extend({ subscriptionId: z.string() });

export async function deliveries(deps: Pick<MessagingDeps, 'ds'>, raw: unknown): Promise<Result<WebhookDeliveryPage>> {
  const args = parseInput(deliveriesArgs, raw);
  if (!args.ok) return args;
  const { subscriptionId, page, pageSize } = args.value;
  if (!isUuid(subscriptionId)) return ok({ items: [], total: 0, page, pageSize });
  const { rows, total } = await listDeliveries(deps.ds.manager, subscriptionId, page, pageSize);
  const attempts = await attemptsOf(deps.ds.manager, rows.map((r) => r.id));
  return ok({ items: rows.map((r) => deliveryView(r, attempts.filter((a) => a.delivery_id === r.id))), total, page, pageSize });
}
