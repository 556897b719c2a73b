import { adminOnly, requireAdmin, toPayload, unwrap, type AdminActor, type Result } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import type { Campaign, MutationResolvers, NewsletterSubscriber, QueryResolvers, SubscriptionResolvers } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { refusal } from '../shared/errors';
import { isUuid } from '../shared/sql';
import {
  adminCampaigns,
  adminNewsletterStats,
  adminNewsletterSubscribers,
  adminSendCampaign,
  adminSendTestCampaign,
  exportNewsletterSubscribersCsv,
  loadCampaign,
  loadSubscriber,
} from './campaigns';
import type { CampaignProgressChannel } from './progress';
import { NEWSLETTER_TEXT } from './rules';
import { confirmNewsletter, subscribeNewsletter, unsubscribeByToken, unsubscribeSubscriber } from './subscribe';

type NewsletterResolvers = { Query: QueryResolvers; Mutation: MutationResolvers; Subscription: SubscriptionResolvers };

/** 'Abonné supprimé' in the back-office: the subscriber unsubscribed, as the list shows them now. */
async function adminUnsubscribe(deps: MessagingDeps, admin: AdminActor, id: string): Promise<Result<NewsletterSubscriber>> {
  const done = isUuid(id) ? await unsubscribeSubscriber(deps, id, admin) : null;
  if (!done) return refusal('NOT_FOUND', NEWSLETTER_TEXT.subscriberNotFound);
  return { ok: true, value: (await loadSubscriber(deps, done.id))! };
}

/** The newsletter's GraphQL: the role, then the use case's Result (the work is in subscribe.ts and campaigns.ts). */
export function newsletterResolvers(deps: MessagingDeps, progress: CampaignProgressChannel): NewsletterResolvers {
  return {
    Query: {
      adminNewsletterStats: adminOnly(() => adminNewsletterStats(deps)),
      adminNewsletterSubscribers: adminOnly(async (args) => unwrap(await adminNewsletterSubscribers(deps, args))),
      exportNewsletterSubscribersCsv: adminOnly(async (args) => unwrap(await exportNewsletterSubscribersCsv(deps, args))),
      adminCampaigns: adminOnly(async (args) => adminCampaigns(deps, args)),
      adminCampaign: adminOnly(async ({ id }) => loadCampaign(deps, id)),
    },
    Mutation: {
      subscribeNewsletter: async (_p, args, ctx) => toPayload('ok', await subscribeNewsletter(deps, args, ctx.ip)),
      confirmNewsletter: async (_p, args, ctx) => toPayload('confirmed', await confirmNewsletter(deps, args, ctx.ip)),
      unsubscribeNewsletter: async (_p, args) => toPayload('unsubscribed', await unsubscribeByToken(deps, args)),
      adminUnsubscribeSubscriber: adminOnly(async ({ id }, _ctx, admin) => toPayload('subscriber', await adminUnsubscribe(deps, admin, id))),
      adminSendTestCampaign: adminOnly(async ({ input }, _ctx, admin) => toPayload('sentTo', await adminSendTestCampaign(deps, admin, input))),
      adminSendCampaign: adminOnly(async ({ input }, _ctx, admin) => toPayload('campaign', await adminSendCampaign(deps, admin, input))),
    },
    Subscription: {
      campaignProgress: {
        subscribe: async (_p, { id }, ctx) => {
          requireAdmin(ctx);
          const first = await loadCampaign(deps, id);
          if (!first) throw new GraphQLError('Campagne introuvable', { extensions: { code: 'NOT_FOUND' } });
          return progress.progress(first.id, () => loadCampaign(deps, first.id), (c) => c.status === 'SENT');
        },
        resolve: (payload: Campaign) => payload,
      },
    },
  };
}
