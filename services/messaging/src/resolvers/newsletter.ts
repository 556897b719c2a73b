import { requireAdmin, validArgs, validInput, withUserErrors, type BaseContext } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { campaignInput, NEWSLETTER_TEXT, subscribeInput } from '../domain/newsletter-rules';
import type { Campaign, Resolvers } from '../generated/graphql';
import type { CampaignProgressChannel } from '../live/campaign-progress';
import type { MessagingDeps } from '../operations/deps';
import {
  adminCampaigns,
  adminNewsletterStats,
  adminNewsletterSubscribers,
  adminSendCampaign,
  adminSendTestCampaign,
  exportNewsletterSubscribersCsv,
  isUuid,
  loadCampaign,
  loadSubscriber,
} from '../operations/newsletter-campaigns';
import { confirmNewsletter, subscribeNewsletter, unsubscribeByToken, unsubscribeSubscriber } from '../operations/newsletter-subscribe';
import { UserError } from '@lbf/service-kit';

const token = z.object({ token: z.string().max(300) });
const listArgs = z.object({
  search: z.string().max(200).nullish(),
  status: z.enum(['PENDING', 'ACTIVE', 'UNSUBSCRIBED', 'BOUNCED', 'COMPLAINED']).nullish(),
  page: z.number().int().min(1).max(100_000).nullish(),
  pageSize: z.number().int().min(1).max(200).nullish(),
});

/** The newsletter's GraphQL: thin, the work is in operations/newsletter-*.ts. */
export function newsletterResolvers(deps: MessagingDeps, progress: CampaignProgressChannel): Resolvers {
  return {
    Query: {
      adminNewsletterStats: async (_p, _a, ctx) => {
        requireAdmin(ctx);
        return adminNewsletterStats(deps);
      },
      adminNewsletterSubscribers: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return adminNewsletterSubscribers(deps, validArgs(listArgs, args));
      },
      exportNewsletterSubscribersCsv: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return exportNewsletterSubscribersCsv(deps, validArgs(listArgs, args));
      },
      adminCampaigns: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return adminCampaigns(deps, args.page ?? 1, args.pageSize ?? 10);
      },
      adminCampaign: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return loadCampaign(deps, id);
      },
    },
    Mutation: {
      subscribeNewsletter: (_p, args, ctx) =>
        withUserErrors('ok', async () => {
          const input = validInput(subscribeInput, args);
          return subscribeNewsletter(deps, input, ctx.ip);
        }),
      confirmNewsletter: (_p, args, ctx) => withUserErrors('confirmed', () => confirmNewsletter(deps, validInput(token, args).token, ctx.ip)),
      unsubscribeNewsletter: (_p, args) => withUserErrors('unsubscribed', () => unsubscribeByToken(deps, validInput(token, args).token)),
      adminUnsubscribeSubscriber: (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return withUserErrors('subscriber', async () => {
          const done = isUuid(id) ? await unsubscribeSubscriber(deps, id) : null;
          if (!done) throw new UserError('NOT_FOUND', NEWSLETTER_TEXT.subscriberNotFound);
          return (await loadSubscriber(deps, done.id))!;
        });
      },
      adminSendTestCampaign: (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return withUserErrors('sentTo', () => adminSendTestCampaign(deps, admin, validInput(campaignInput, input)));
      },
      adminSendCampaign: (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return withUserErrors('campaign', () => adminSendCampaign(deps, admin, validInput(campaignInput, input)));
      },
    },
    Subscription: {
      campaignProgress: {
        subscribe: async (_p: unknown, { id }: { id: string }, ctx: BaseContext) => {
          requireAdmin(ctx);
          const first = await loadCampaign(deps, id);
          if (!first) throw new GraphQLError('Campagne introuvable', { extensions: { code: 'NOT_FOUND' } });
          return progress.progress(first.id, () => loadCampaign(deps, first.id), (c) => c.status === 'SENT');
        },
        resolve: (payload: Campaign) => payload,
      },
    },
  } as Resolvers;
}
