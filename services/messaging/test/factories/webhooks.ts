import type { TestUser } from '@lbf/service-kit/testing';
import type { MessagingHarness } from '../harness';

/** The webhooks room's factories: subscriptions made as an administrator would, through GraphQL. */

export const CREATE_WEBHOOK = `mutation($input: CreateWebhookSubscriptionInput!) {
  adminCreateWebhookSubscription(input: $input) { subscription { id url events status consecutiveFailures } secret error { code message field } }
}`;

export const WEBHOOK_DELIVERIES = `query($id: ID!) {
  adminWebhookDeliveries(subscriptionId: $id) {
    total items { id eventType status attempts lastResponseCode lastError deliveredAt log { attempt at durationMs succeeded responseCode error } }
  }
}`;

export const SET_WEBHOOK_ACTIVE = `mutation($id: ID!, $active: Boolean!) { adminSetWebhookSubscriptionActive(id: $id, active: $active) { subscription { id status pausedReason consecutiveFailures } error { code message } } }`;
export const ROTATE_WEBHOOK_SECRET = `mutation($id: ID!) {
  adminRotateWebhookSecret(id: $id) { subscription { id secretChangedAt previousSecretExpiresAt } secret error { code message } }
}`;
export const RETRY_WEBHOOK = `mutation($id: ID!) { adminRetryWebhookDelivery(id: $id) { delivery { id status } error { code message } } }`;

/** A subscription to `events` at `url`, by `admin`; its id and its secret (shown this once). */
export async function subscribeWebhook(ctx: MessagingHarness, admin: TestUser, url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await ctx.as(admin).gql(CREATE_WEBHOOK, { input: { url, events } });
  const payload = res.data?.adminCreateWebhookSubscription;
  if (res.errors || !payload?.subscription) throw new Error(`subscription refused: ${JSON.stringify(res.errors ?? payload?.error)}`);
  return { id: payload.subscription.id, secret: payload.secret };
}

export interface DeliveryView {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  lastResponseCode: number | null;
  lastError: string | null;
  log: Array<{ attempt: number; succeeded: boolean; responseCode: number | null; error: string | null; durationMs: number }>;
}

export async function webhookDeliveries(ctx: MessagingHarness, admin: TestUser, subscriptionId: string): Promise<DeliveryView[]> {
  const res = await ctx.as(admin).gql(WEBHOOK_DELIVERIES, { id: subscriptionId });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.adminWebhookDeliveries.items;
}
