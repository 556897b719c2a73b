import type { EventSubject, TypedEnvelope } from '@lbf/proto-events';
import { startIdempotentConsumer, type RunningConsumer, type Tx } from '@lbf/service-kit';
import { clearSaleAlert, raiseSaleAlert, type AdminAlertsChannel } from '../alerts';
import type { AnalyticsDeps } from '../shared/deps';
import { siteDay } from '../shared/site-day';
import { recordDownload, recordPurchase, recordRefund, recordVideoView } from './store';

/** One durable per subject (NATS 2.9: one filter subject per consumer). Durable names are stored by NATS: never rename. */
export const STATISTICS_CONSUMERS = {
  'commerce.purchase.completed': 'analytics-purchases',
  'commerce.purchase.refunded': 'analytics-refunds',
  'catalogue.video.viewed': 'analytics-video-views',
  'catalogue.pdf.downloaded': 'analytics-pdf-downloads',
} as const satisfies Partial<Record<EventSubject, string>>;

type StatisticsSubject = keyof typeof STATISTICS_CONSUMERS;
type Handlers = { [S in StatisticsSubject]: (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void> };

/**
 * What each event does, in one transaction with its inbox row. A completed purchase also puts the
 * sale in the bell, and its refund takes it out; the bell's subscribers are nudged once the
 * transaction commits.
 */
function handlers(siteTimezone: string, channel: AdminAlertsChannel): Handlers {
  const day = (iso: string) => siteDay(new Date(iso), siteTimezone);
  return {
    'commerce.purchase.completed': async (e, { manager }) => {
      if (await recordPurchase(manager, { ...e.data, day: day(e.data.completedAt) })) await raiseSaleAlert(manager, channel, e.data);
    },
    'commerce.purchase.refunded': async (e, { manager }) => {
      if (await recordRefund(manager, e.data)) await clearSaleAlert(manager, channel, e.data);
    },
    'catalogue.video.viewed': async (e, { manager }) => void (await recordVideoView(manager, { ...e.data, eventId: e.id, day: day(e.data.occurredAt) })),
    'catalogue.pdf.downloaded': async (e, { manager }) => void (await recordDownload(manager, { eventId: e.id, ...e.data, day: day(e.data.occurredAt) })),
  };
}

/**
 * The statistics' read models: each event's raw row and its rollups in one transaction with the
 * inbox row. The raw rows are keyed by what they are about (order id, user+video+day, event id),
 * so redelivered events change nothing; a new durable reads the stream from its start (30 days),
 * which fills the read models of a fresh deployment from the events still kept.
 */
export function statisticsConsumers(deps: AnalyticsDeps, channel: AdminAlertsChannel): Array<{ name: string; start: () => Promise<RunningConsumer> }> {
  const handle = handlers(deps.settings.siteTimezone, channel);
  const consumer = <S extends StatisticsSubject>(subject: S) => ({
    name: STATISTICS_CONSUMERS[subject],
    start: () =>
      startIdempotentConsumer({
        bus: deps.bus,
        uow: deps.uow,
        log: deps.log,
        maxDeliver: deps.settings.eventMaxDeliver,
        durable: STATISTICS_CONSUMERS[subject],
        subjects: [subject],
        handle: handle[subject] as (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>,
      }),
  });
  return [
    consumer('commerce.purchase.completed'),
    consumer('commerce.purchase.refunded'),
    consumer('catalogue.video.viewed'),
    consumer('catalogue.pdf.downloaded'),
  ];
}
