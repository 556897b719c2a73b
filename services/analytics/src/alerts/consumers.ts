import { afterCommit, startIdempotentConsumer, type RunningConsumer } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import type { AdminAlertsChannel } from './channel';
import { applyAlertCleared, applyAlertRaised } from './store';

/** One durable per subject (NATS 2.9). Stored by NATS: never rename. */
export const ADMIN_ALERT_CONSUMERS = {
  'messaging.admin_alert.raised': 'analytics-alerts-messaging-raised',
  'messaging.admin_alert.cleared': 'analytics-alerts-messaging-cleared',
  'commerce.admin_alert.raised': 'analytics-alerts-commerce-raised',
  'commerce.admin_alert.cleared': 'analytics-alerts-commerce-cleared',
  'catalogue.admin_alert.raised': 'analytics-alerts-catalogue-raised',
  'catalogue.admin_alert.cleared': 'analytics-alerts-catalogue-cleared',
} as const;
type AlertSubject = keyof typeof ADMIN_ALERT_CONSUMERS;

/** The bell's table from the six alert subjects; a change nudges every instance's subscribers once committed. */
export function adminAlertConsumers(deps: AnalyticsDeps, channel: AdminAlertsChannel): Array<{ name: string; start: () => Promise<RunningConsumer> }> {
  return (Object.keys(ADMIN_ALERT_CONSUMERS) as AlertSubject[]).map((subject) => ({
    name: ADMIN_ALERT_CONSUMERS[subject],
    start: () =>
      startIdempotentConsumer({
        bus: deps.bus,
        uow: deps.uow,
        log: deps.log,
        durable: ADMIN_ALERT_CONSUMERS[subject],
        subjects: [subject],
        maxDeliver: deps.settings.eventMaxDeliver,
        handle: async (envelope, { manager }) => {
          const changed = subject.endsWith('.raised')
            ? await applyAlertRaised(manager, envelope.data as Parameters<typeof applyAlertRaised>[1])
            : await applyAlertCleared(manager, envelope.data);
          if (changed) await afterCommit(manager, () => channel.changed());
        },
      }),
  }));
}
