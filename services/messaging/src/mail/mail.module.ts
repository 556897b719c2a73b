import { defineModule, installAfterCommit } from '@lbf/service-kit';
import type { MessagingJobs } from '../shared/jobs';
import { mailConsumers } from './consumers';
import { SWEEP_MAIL_SCHEDULE, sendMailHandler, sweepMail } from './jobs';
import type { MailDeps } from './mail-deps';
import { mailResolvers } from './resolvers';
import { acquireMailTransport } from './transport';

/**
 * Every mail LBF sends: delivery rows queued in the caller's transaction, the `send-mail` job
 * (claim, SMTP, mark), the `sweep-mail` schedule, the consumers that ask for mails (reset link,
 * receipt) or feed the layout (site settings), and the back-office's deliveries list.
 */
export function mailModule(deps: MailDeps) {
  let transport: { release(): void } | null = null;
  return defineModule<MessagingJobs>({
    name: 'mail',
    resolvers: mailResolvers(deps),
    consumers: mailConsumers(deps),
    jobHandlers: {
      'send-mail': sendMailHandler(deps),
      'sweep-mail': async () => sweepMail(deps),
    },
    jobSchedules: [{ id: SWEEP_MAIL_SCHEDULE.id, name: 'sweep-mail', repeat: { every: SWEEP_MAIL_SCHEDULE.every } }],
    async start() {
      installAfterCommit(deps.ds, deps.log);
      transport = acquireMailTransport(deps.config);
    },
    async stop() {
      transport?.release();
      transport = null;
    },
  });
}
