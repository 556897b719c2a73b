import { defineModule } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { NewsletterSender, type DeliverFn } from './fanout';
import { newsletterRoutes } from './links';
import { CampaignProgressChannel } from './progress';
import { newsletterResolvers } from './resolvers';

/**
 * The newsletter: double opt-in, unsubscribe (page and one-click), tracked links, campaigns fanned
 * out to a throttled queue with live progress. `deliver` is the mail module's (app.ts wires it).
 */
export function newsletterModule(deps: MessagingDeps, deliver: DeliverFn) {
  const progress = new CampaignProgressChannel(deps.redis, deps.config.redisKeyPrefix, deps.log);
  const sender = new NewsletterSender(deps, deliver, progress);
  return defineModule<MessagingJobs>({
    name: 'newsletter',
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
  });
}
