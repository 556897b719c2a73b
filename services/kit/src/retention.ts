import { defaultStreamLimits, inboxRetentionMs, natsSubject, sensitiveSubjects } from '@lbf/proto-events';
import { AckPolicy, DeliverPolicy, type JetStreamManager } from 'nats';
import type { DataSource } from 'typeorm';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';

export interface PruneOptions {
  /** Sent outbox rows older than this are deleted (they only served the relay). */
  sentOutboxOlderThanMs: number;
  /** Inbox rows older than this are deleted: use `inboxRetentionMs(streamMaxAgeMs)`, never less. */
  inboxOlderThanMs: number;
  /** Parked rows of sensitive subjects older than this lose their content (the row and its reason stay). */
  sensitiveParkedOlderThanMs?: number;
  /** Rows deleted per statement, so a large backlog never holds long locks. */
  batchSize?: number;
}

export interface PruneResult {
  outbox: number;
  inbox: number;
  parkedRedacted: number;
}

async function deleteInBatches(ds: DataSource, sql: string, params: unknown[], batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows: Array<{ n: number }> = await ds.query(sql, [...params, batch]);
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < batch) return total;
  }
}

/** Deletes what the messaging tables no longer need (see PruneOptions). */
export async function pruneMessagingTables(ds: DataSource, opts: PruneOptions, now = new Date()): Promise<PruneResult> {
  const batch = opts.batchSize ?? 5000;
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const outbox = await deleteInBatches(
    ds,
    `WITH gone AS (DELETE FROM outbox WHERE seq IN (SELECT seq FROM outbox WHERE sent_at < $1::timestamptz LIMIT $2) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before(opts.sentOutboxOlderThanMs)],
    batch,
  );
  const inbox = await deleteInBatches(
    ds,
    `WITH gone AS (DELETE FROM inbox WHERE (consumer, event_id) IN
       (SELECT consumer, event_id FROM inbox WHERE processed_at < $1::timestamptz LIMIT $2) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before(opts.inboxOlderThanMs)],
    batch,
  );
  let parkedRedacted = 0;
  const sensitive = sensitiveSubjects().map((s) => s.subject);
  if (opts.sensitiveParkedOlderThanMs !== undefined && sensitive.length) {
    const rows: Array<{ n: number }> = await ds.query(
      `WITH r AS (UPDATE parked_events SET envelope = NULL, raw = NULL, redacted_at = now()
         WHERE subject = ANY($1::text[]) AND redacted_at IS NULL AND parked_at < $2::timestamptz RETURNING 1)
       SELECT count(*)::int AS n FROM r`,
      [sensitive, before(opts.sensitiveParkedOlderThanMs)],
    );
    parkedRedacted = rows[0]?.n ?? 0;
  }
  return { outbox, inbox, parkedRedacted };
}

/**
 * Purges from the stream the messages of sensitive subjects older than their retention (or
 * `olderThanMs` when given). JetStream limits are per stream, so a short life for one subject is
 * a purge with that subject as filter, up to the first message newer than the cut-off (found by an
 * ephemeral consumer that starts at that time). Returns how many messages went.
 */
export async function purgeSensitiveSubjects(jsm: JetStreamManager, stream: string, prefix: string, olderThanMs?: number, now = new Date()): Promise<number> {
  let purged = 0;
  for (const { subject, retentionMs } of sensitiveSubjects()) {
    const filter = natsSubject(prefix, subject);
    const cutoff = new Date(now.getTime() - (olderThanMs ?? retentionMs));
    const probe = await jsm.consumers.add(stream, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: cutoff.toISOString(),
      filter_subject: filter,
      inactive_threshold: 30_000_000_000,
    });
    try {
      // The consumer starts at the first message at or after the cut-off: everything before it goes.
      const firstKept = probe.delivered.stream_seq + 1;
      const res = await jsm.streams.purge(stream, { filter, seq: firstKept });
      purged += res.purged;
    } finally {
      await jsm.consumers.delete(stream, probe.name).catch(() => undefined);
    }
  }
  return purged;
}

/** The maintenance job of every service's queue. Stored in Redis: never rename it. */
export const EVENTS_MAINTENANCE_JOB = 'events-maintenance';
/** One scheduler for every instance (upserted under this id), every 15 minutes: a reset link's message never outlives its retention by more. */
export const EVENTS_MAINTENANCE_SCHEDULER = { id: 'events-maintenance', every: 15 * 60 * 1000 } as const;
export type EventsMaintenanceJobs = { [EVENTS_MAINTENANCE_JOB]: Record<string, never> };

export interface EventsMaintenanceOptions {
  ds: DataSource;
  bus: Pick<EventBus, 'jsm' | 'stream' | 'prefix'>;
  log: Logger;
  /** The stream's max age as configured (ensureStream); the inbox outlives it. */
  streamMaxAgeMs?: number;
  /** Sent outbox rows are kept a week, for looking into what was sent. */
  sentOutboxRetentionMs?: number;
}

/** One pass: prune the messaging tables, redact old sensitive parked rows, purge sensitive subjects from the stream. */
export async function runEventsMaintenance(o: EventsMaintenanceOptions): Promise<PruneResult & { streamPurged: number }> {
  const maxAge = o.streamMaxAgeMs ?? defaultStreamLimits.maxAgeMs;
  const shortest = Math.min(...sensitiveSubjects().map((s) => s.retentionMs), Number.POSITIVE_INFINITY);
  const pruned = await pruneMessagingTables(o.ds, {
    sentOutboxOlderThanMs: o.sentOutboxRetentionMs ?? 7 * 24 * 3600 * 1000,
    inboxOlderThanMs: inboxRetentionMs(maxAge),
    sensitiveParkedOlderThanMs: Number.isFinite(shortest) ? shortest : undefined,
  });
  const streamPurged = await purgeSensitiveSubjects(o.bus.jsm, o.bus.stream, o.bus.prefix);
  const result = { ...pruned, streamPurged };
  if (pruned.outbox || pruned.inbox || pruned.parkedRedacted || streamPurged) o.log.info(result, 'events maintenance');
  return result;
}

