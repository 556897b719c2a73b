import { registerSweptDispatcher } from '../jobs/mail-jobs';
import { CampaignProgressChannel } from '../live/campaign-progress';
import { newsletterResolvers } from '../resolvers/newsletter';
import type { AreaParts } from './area';
import { deliverMail } from './deliver';
import type { MessagingDeps } from './deps';
import { dispatchSweptCampaignRows, NewsletterSender } from './newsletter-fanout';
import { newsletterRoutes } from './newsletter-links';

/**
 * The newsletter part of messaging (see operations/area.ts): double opt-in, unsubscribe (page and
 * one-click), tracked links, campaigns fanned out to a throttled queue with live progress.
 */
export function newsletterArea(deps: MessagingDeps): AreaParts {
  const progress = new CampaignProgressChannel(deps.redis, deps.redisKeyPrefix, deps.log);
  const sender = new NewsletterSender(deps, (id, opts) => deliverMail(deps, id, opts), progress);
  // Swept campaign rows go back to the throttled newsletter queue (stateless: any instance's sweep).
  registerSweptDispatcher('newsletter_campaign', dispatchSweptCampaignRows);
  return {
    resolvers: newsletterResolvers(deps, progress),
    routes: newsletterRoutes(deps),
    jobHandlers: { 'campaign-fanout': async (job: { data: Record<string, unknown> }) => sender.fanOut(String(job.data.campaignId)) },
    async start() {
      await progress.start();
      await sender.start();
    },
    async stop() {
      await sender.stop();
      await progress.stop();
    },
  };
}
