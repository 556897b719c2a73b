import type { EventSubject } from '@lbf/proto-events';
import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { siteDay } from '../domain/site-day';
import { recordDownload, recordPurchase, recordRefund, recordVideoView } from '../store/statistics-events';

/** One durable per subject (NATS 2.9: one filter subject per consumer). Durable names are stored by NATS: never rename. */
export const STATISTICS_CONSUMERS = {
  'commerce.purchase.completed': 'analytics-purchases',
  'commerce.purchase.refunded': 'analytics-refunds',
  'catalogue.video.viewed': 'analytics-video-views',
  'catalogue.pdf.downloaded': 'analytics-pdf-downloads',
} as const satisfies Partial<Record<EventSubject, string>>;

type Args = { bus: EventBus; uow: UnitOfWork; log: Logger; siteTimezone: string; maxDeliver?: number };

/**
 * The statistics' read models: each event's raw row and its rollups in one transaction with the
 * inbox row. The raw rows are keyed by what they are about (order id, user+video+day, event id),
 * so redelivered events change nothing; a new durable reads the stream from its start (30 days),
 * which fills the read models of a fresh deployment from the events still kept.
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
          handle: async (e, { manager }) => void (await recordPurchase(manager, { ...e.data, day: day(e.data.completedAt) })),
        }),
    },
    {
      name: STATISTICS_CONSUMERS['commerce.purchase.refunded'],
      start: () =>
        startIdempotentConsumer({
          ...base,
          durable: STATISTICS_CONSUMERS['commerce.purchase.refunded'],
          subjects: ['commerce.purchase.refunded'],
          handle: async (e, { manager }) => void (await recordRefund(manager, e.data)),
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
