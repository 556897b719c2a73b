import { bootService, defineService, type BaseContext, type ServiceQueues, serviceHandle, type ServiceHandle } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { settleConfig, type MessagingConfig } from './config';
import { contactMailTemplates, contactModule } from './contact';
import { createDataSource } from './database';
import { messagingErasure } from './erasure';
import { dataExportMail, messagingExport } from './export';
import { deliverMail, mailModule, welcomeOnSignUp, type MailDeps } from './mail';
import { messagesModule } from './messages';
import { payLinkMailsModule, payLinkPaidMail, payLinkReceiptMail } from './pay-link-mails';
import { messagingRetention } from './retention';
import { reviewReminderMail, reviewRemindersModule } from './review-reminders';
import { giftReceivedMail, giftsModule } from './gifts';
import { dispatchSweptCampaignRows, newsletterConfirmationMail, newsletterModule, newsletterRenderers } from './newsletter';
import { typeDefs } from './schema';
import type { MessagingDeps } from './shared/deps';
import { MESSAGING_JOB_NAMES, type MessagingJobs } from './shared/jobs';
import { usersModule } from './users';
import { webhookPausedMail, webhooksModule } from './webhooks';

export interface MessagingOptions {
  /** The clock (tests). */
  now?: () => Date;
}

export interface RunningMessaging extends ServiceHandle {
  /** http://127.0.0.1:<port>: the service's own routes (one-click unsubscribe, tracked links). */
  baseUrl: string;
  ds: DataSource;
  /** The modules' deps (the mail module's, which carry the newsletter's renderers and sweep dispatcher). */
  deps: MailDeps;
  queues: ServiceQueues<MessagingJobs>;
}

/** The mail module's deps: what the other rooms plug into it (their mails' templates and rendering, the newsletter's swept rows' queue). */
export function mailDepsOf(deps: MessagingDeps): MailDeps {
  return {
    ...deps,
    templates: { ...contactMailTemplates, newsletter_confirmation: newsletterConfirmationMail, data_export: dataExportMail, review_reminder: reviewReminderMail,
      pay_link_paid: payLinkPaidMail,
      pay_link_receipt: payLinkReceiptMail,
      webhook_paused: webhookPausedMail,
      gift_received: giftReceivedMail,
    },
    renderers: newsletterRenderers(deps),
    sweptDispatchers: { newsletter_campaign: dispatchSweptCampaignRows },
    mailsSettled: deps.metrics.counter('lbf_mails_total', 'Mail deliveries settled, by purpose and outcome (sent, failed, suppressed)', ['purpose', 'outcome']),
  };
}

/** What messaging is on top of the kit's bootstrap: its rooms (src/<module>/), wired here and merged by the kit. */
export function messagingService(input: MessagingConfig, options: MessagingOptions = {}) {
  const config = settleConfig(input);
  return defineService<MessagingConfig, MessagingJobs, BaseContext, { deps: MailDeps }>({
    name: 'messaging',
    config,
    dataSource: (url, poolMax) => createDataSource(url, poolMax),
    typeDefs,
    subscriptions: true,
    jobs: { names: MESSAGING_JOB_NAMES, concurrency: 8, recovery: config.jobRecovery },
    setup({ ds, uow, bus, redis, log, enqueue, metrics }) {
      const deps: MessagingDeps = { ds, uow, bus, log, config, redis, enqueue, metrics, now: options.now ?? (() => new Date()) };
      const mail = mailDepsOf(deps);
      return {
        modules: [
          mailModule(mail),
          usersModule(deps, { onRegistered: welcomeOnSignUp(deps) }),
          contactModule(deps),
          newsletterModule(deps, (id, opts) => deliverMail(mail, id, opts)),
          messagesModule(deps),
          reviewRemindersModule(deps),
          payLinkMailsModule(deps),
          webhooksModule(deps),
          giftsModule(deps),
          messagingRetention(deps),
          messagingErasure(deps),
          ...messagingExport(deps),
        ],
        expose: { deps: mail },
      };
    },
  });
}

/** Boots messaging in this process (what main does, and what the tests call). */
export async function startMessaging(config: MessagingConfig, options: MessagingOptions = {}): Promise<RunningMessaging> {
  const running = await bootService(messagingService(config, options));
  return {
    ...serviceHandle(running),
    baseUrl: running.url.replace(/\/graphql$/, ''),
    ds: running.ds,
    deps: running.expose.deps,
    queues: running.queues as unknown as ServiceQueues<MessagingJobs>,
  };
}
