import type { EventSubject } from '@lbf/proto-events';
import { afterCommit, startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { saleAlertId, saleAlertTitle, saleHref } from '../domain/sale-alert';
import { siteDay } from '../domain/site-day';
import type { AdminAlertsChannel } from '../live/admin-alerts-channel';
import { applyAlertCleared, applyAlertRaised } from '../store/admin-alerts';
import { recordDownload, recordPurchase, recordRefund, recordVideoView } from '../store/statistics-events';

/** One durable per subject (NATS 2.9: one filter subject per consumer). Durable names are stored by NATS: never rename. */
export const STATISTICS_CONSUMERS = {
  'commerce.purchase.completed': 'analytics-purchases',
  'commerce.purchase.refunded': 'analytics-refunds',
  'catalogue.video.viewed': 'analytics-video-views',
  'catalogue.pdf.downloaded': 'analytics-pdf-downloads',
} as const satisfies Partial<Record<EventSubject, string>>;

type Args = { bus: EventBus; uow: UnitOfWork; log: Logger; siteTimezone: string; channel: AdminAlertsChannel; maxDeliver?: number };

/**
 * The statistics' read models: each event's raw row and its rollups in one transaction with the
 * inbox row. The raw rows are keyed by what they are about (order id, user+video+day, event id),
 * so redelivered events change nothing; a new durable reads the stream from its start (30 days),
 * which fills the read models of a fresh deployment from the events still kept.
 *
 * A completed purchase also puts the sale in the bell, and its refund takes it out (an event older
 * than the alert's last one is ignored, so a refund consumed first wins); the bell's subscribers
 * are nudged once the transaction commits.
 */
export function statisticsConsumers(args: Args): Array<{ name: string; start: () => Promise<RunningConsumer> }> {
  const day = (iso: string) => siteDay(new Date(iso), args.siteTimezone);
  const base = { bus: args.bus, uow: args.uow, log: args.log, maxDeliver: args.maxDeliver };
  return [
    {
      name: STATISTICS_CONSUMERS['commerce.purchase.completed'],
      start: () =>
        startIdempotentConsumer({
          ...base,
          durable: STATISTICS_CONSUMERS['commerce.purchase.completed'],
          subjects: ['commerce.purchase.completed'],
          handle: async (e, { manager }) => {
            if (!(await recordPurchase(manager, { ...e.data, day: day(e.data.completedAt) }))) return;
            const raised = await applyAlertRaised(manager, {
              alertId: saleAlertId(e.data.orderId),
              kind: 'sale',
              title: saleAlertTitle(e.data.itemTitle, e.data.amountXaf),
              href: saleHref(e.data.orderId),
              occurredAt: e.data.completedAt,
            });
            if (raised) await afterCommit(manager, () => args.channel.changed());
          },
        }),
    },
    {
      name: STATISTICS_CONSUMERS['commerce.purchase.refunded'],
      start: () =>
        startIdempotentConsumer({
          ...base,
          durable: STATISTICS_CONSUMERS['commerce.purchase.refunded'],
          subjects: ['commerce.purchase.refunded'],
          handle: async (e, { manager }) => {
            if (!(await recordRefund(manager, e.data))) return;
            const cleared = await applyAlertCleared(manager, { alertId: saleAlertId(e.data.orderId), kind: 'sale', occurredAt: e.data.refundedAt });
            if (cleared) await afterCommit(manager, () => args.channel.changed());
          },
        }),
    },
    {
      name: STATISTICS_CONSUMERS['catalogue.video.viewed'],
      start: () =>
        startIdempotentConsumer({
          ...base,
          durable: STATISTICS_CONSUMERS['catalogue.video.viewed'],
          subjects: ['catalogue.video.viewed'],
          handle: async (e, { manager }) => void (await recordVideoView(manager, { ...e.data, day: day(e.data.occurredAt) })),
        }),
    },
    {
      name: STATISTICS_CONSUMERS['catalogue.pdf.downloaded'],
      start: () =>
        startIdempotentConsumer({
          ...base,
          durable: STATISTICS_CONSUMERS['catalogue.pdf.downloaded'],
          subjects: ['catalogue.pdf.downloaded'],
          handle: async (e, { manager }) => void (await recordDownload(manager, { eventId: e.id, ...e.data, day: day(e.data.occurredAt) })),
        }),
    },
  ];
}
