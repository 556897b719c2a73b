import { requireAdmin, toPayload, unwrap, type Result } from '@lbf/service-kit';
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
async function adminUnsubscribe(deps: MessagingDeps, id: string): Promise<Result<NewsletterSubscriber>> {
  const done = isUuid(id) ? await unsubscribeSubscriber(deps, id) : null;
  if (!done) return refusal('NOT_FOUND', NEWSLETTER_TEXT.subscriberNotFound);
  return { ok: true, value: (await loadSubscriber(deps, done.id))! };
}

/** The newsletter's GraphQL: the role, then the use case's Result (the work is in subscribe.ts and campaigns.ts). */
export function newsletterResolvers(deps: MessagingDeps, progress: CampaignProgressChannel): NewsletterResolvers {
  return {
    Query: {
      adminNewsletterStats: async (_p, _a, ctx) => {
        requireAdmin(ctx);
        return adminNewsletterStats(deps);
      },
      adminNewsletterSubscribers: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await adminNewsletterSubscribers(deps, args));
      },
      exportNewsletterSubscribersCsv: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await exportNewsletterSubscribersCsv(deps, args));
      },
      adminCampaigns: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return adminCampaigns(deps, args);
      },
      adminCampaign: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return loadCampaign(deps, id);
      },
    },
    Mutation: {
      subscribeNewsletter: async (_p, args, ctx) => toPayload('ok', await subscribeNewsletter(deps, args, ctx.ip)),
      confirmNewsletter: async (_p, args, ctx) => toPayload('confirmed', await confirmNewsletter(deps, args, ctx.ip)),
      unsubscribeNewsletter: async (_p, args) => toPayload('unsubscribed', await unsubscribeByToken(deps, args)),
      adminUnsubscribeSubscriber: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return toPayload('subscriber', await adminUnsubscribe(deps, id));
      },
      adminSendTestCampaign: async (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return toPayload('sentTo', await adminSendTestCampaign(deps, admin, input));
      },
      adminSendCampaign: async (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return toPayload('campaign', await adminSendCampaign(deps, admin, input));
      },
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
