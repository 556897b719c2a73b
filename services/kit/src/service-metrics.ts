import type { DataSource } from 'typeorm';
import type { EventBus } from './event-bus';
import type { Metrics } from './metrics';
import type { ServiceQueues, JobMap } from './queues';

/**
 * What every service reports about its own machinery, read at scrape time: the outbox (rows not yet
 * published, and the oldest one's age), parked events, each durable consumer's lag in JetStream,
 * and its job queue. A collector that fails (database down) leaves its gauge unset for that scrape.
 */
export function registerServiceCollectors(metrics: Metrics, infra: { ds: DataSource; bus: EventBus; queues: () => ServiceQueues<JobMap> | null }): void {
  metrics.gauge('lbf_outbox_backlog', 'Events written to the outbox and not yet published', [], async (g) => {
    const [row] = (await infra.ds.query(`SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age FROM outbox WHERE sent_at IS NULL`)) as Array<{ n: number; age: number }>;
    g.set(row?.n ?? 0);
    outboxAge.set(row?.age ?? 0);
  });
  const outboxAge = metrics.gauge('lbf_outbox_oldest_age_seconds', 'Age of the oldest unpublished outbox row (0 when none)');
  metrics.gauge('lbf_parked_events', 'Events a consumer could not handle, parked and not replayed', ['consumer'], async (g) => {
    g.reset();
    const rows = (await infra.ds.query(`SELECT consumer, count(*)::int AS n FROM parked_events WHERE replayed_at IS NULL GROUP BY consumer`)) as Array<{ consumer: string; n: number }>;
    for (const r of rows) g.set({ consumer: r.consumer }, r.n);
  });
  metrics.gauge('lbf_event_consumer_pending', 'Events on the stream a durable consumer has not acknowledged yet (pending + in flight)', ['consumer'], async (g) => {
    // One request per durable, in parallel: messaging has a dozen, and a scrape that outlasts
    // Prometheus's timeout marks every series of the service stale.
    const durables = [...infra.bus.durables];
    const infos = await Promise.all(durables.map((durable) => infra.bus.jsm.consumers.info(infra.bus.stream, durable).catch(() => null)));
    infos.forEach((info, i) => {
      if (info) g.set({ consumer: durables[i]! }, info.num_pending + info.num_ack_pending);
    });
  });
  metrics.gauge('lbf_queue_jobs', 'Jobs in the service’s queue, by state', ['state'], async (g) => {
    const queues = infra.queues();
    if (!queues) return;
    const counts = await queues.queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
    for (const [state, n] of Object.entries(counts)) g.set({ state }, n);
  });
}
