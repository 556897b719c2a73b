import { SWEEP_MAIL_SCHEDULE, sendMailHandler, sweepMail } from '../jobs/mail-jobs';
import { acquireMailTransport } from '../mail/transport';
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
    async start() {
      transport = acquireMailTransport(deps.config);
    },
    async stop() {
      transport?.release();
      transport = null;
    },
  };
}
