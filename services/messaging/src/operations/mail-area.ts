import { installAfterCommit } from '@lbf/service-kit';
import { SWEEP_MAIL_SCHEDULE, sendMailHandler, sweepMail } from '../jobs/mail-jobs';
import { mailConsumers } from '../events/consumers';
import { acquireMailTransport } from '../mail/transport';
import { mailResolvers } from '../resolvers/mail';
import type { AreaParts } from './area';
import type { MessagingDeps } from './deps';

/** The mail part of messaging (see operations/area.ts): sending, sweeping, event consumers, deliveries admin. */
export function mailArea(deps: MessagingDeps): AreaParts {
  let transport: { release(): void } | null = null;
  return {
    jobHandlers: {
      'send-mail': sendMailHandler(deps),
      'sweep-mail': async () => sweepMail(deps),
    },
    jobSchedules: [{ id: SWEEP_MAIL_SCHEDULE.id, name: 'sweep-mail', repeat: { every: SWEEP_MAIL_SCHEDULE.every } }],
    resolvers: mailResolvers(deps),
    consumers: mailConsumers(deps),
    async start() {
      installAfterCommit(deps.ds, deps.log);
      transport = acquireMailTransport(deps.config);
    },
    async stop() {
      transport?.release();
      transport = null;
    },
  };
}
