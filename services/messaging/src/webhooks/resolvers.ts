import { adminOnly, toPayload, unwrap, type Result } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, WebhookSubscription } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { createSubscription, deliveries, removeSubscription, retryDelivery, rotateSecret, setSubscriptionActive, subscriptions } from './subscriptions';

/** Webhooks' GraphQL: administrators only (checked here, on the server), each use case's Result turned into its payload. */
export function webhookResolvers(deps: MessagingDeps): { Query: QueryResolvers; Mutation: MutationResolvers } {
  return {
    Query: {
      adminWebhookSubscriptions: adminOnly(async () => subscriptions(deps)),
      adminWebhookDeliveries: adminOnly(async (args) => unwrap(await deliveries(deps, args))),
    },
    Mutation: {
      adminCreateWebhookSubscription: adminOnly(async ({ input }, _ctx, admin) => secretPayload(await createSubscription(deps, admin, input))),
      adminRotateWebhookSecret: adminOnly(async ({ id }, _ctx, admin) => secretPayload(await rotateSecret(deps, admin, id))),
      adminSetWebhookSubscriptionActive: adminOnly(async ({ id, active }, _ctx, admin) => toPayload('subscription', await setSubscriptionActive(deps, admin, id, active))),
      adminDeleteWebhookSubscription: adminOnly(async ({ id }, _ctx, admin) => {
        const result = await removeSubscription(deps, admin, id);
        return result.ok ? { ok: true, error: null } : { ok: false, error: result.error };
      }),
      adminRetryWebhookDelivery: adminOnly(async ({ id }, _ctx, admin) => toPayload('delivery', await retryDelivery(deps, admin, id))),
    },
  };
}

/** A subscription with its secret, shown this once (made, or changed), or the refusal. */
function secretPayload(result: Result<{ subscription: WebhookSubscription; secret: string }>) {
  return result.ok ? { ...result.value, error: null } : { subscription: null, secret: null, error: result.error };
}
