import { decodeEnvelopeValue, type EventSubject, type ParkedMessage, type TypedEnvelope } from '@lbf/proto-events';
import type { DataSource } from 'typeorm';
import type { Logger } from './logger';
import type { TransactionRunner, Tx } from './tx';

/** The part of a pg Client (or Pool) the parked-events command needs. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Records a message a consumer gives up on. JSON is kept as jsonb (what replay reads), anything
 * else as text; Postgres refuses NUL in both, so such a message is kept as escaped text. An event
 * already waiting in the parking (same consumer and id) is counted again, not duplicated.
 */
export async function parkMessage(ds: DataSource, consumer: string, p: ParkedMessage): Promise<void> {
  const hasNul = p.raw.includes('\u0000') || p.raw.includes('\\u0000');
  const isObject = p.json !== null && typeof p.json === 'object' && !hasNul;
  const detail = p.kind === 'handler-failed' && p.error instanceof Error ? (p.error.stack ?? p.error.message) : p.reason;
  await ds.query(
    `INSERT INTO parked_events (consumer, kind, event_id, subject, envelope, raw, error, stream_seq, deliveries)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (consumer, event_id) WHERE replayed_at IS NULL AND event_id IS NOT NULL
     DO UPDATE SET times_parked = parked_events.times_parked + 1, last_parked_at = now(), kind = EXCLUDED.kind,
       error = EXCLUDED.error, stream_seq = EXCLUDED.stream_seq, deliveries = EXCLUDED.deliveries`,
    [
      consumer,
      p.kind,
      p.eventId,
      p.subject,
      isObject ? JSON.stringify(p.json) : null,
      isObject ? null : p.raw.replaceAll('\u0000', '\\0').slice(0, 1_000_000),
      String(detail).replaceAll('\u0000', '\\0').slice(0, 4000),
      p.streamSeq,
      p.deliveries,
    ],
  );
}

/** Adds the event to the consumer's inbox; false when it was there already (its effect was applied). */
export async function recordInInbox(tx: Tx, consumer: string, envelope: { id: string; subject: string }): Promise<boolean> {
  const inserted: unknown[] = await tx.manager.query(
    'INSERT INTO inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
    [consumer, envelope.id, envelope.subject],
  );
  return inserted.length > 0;
}

export interface ReplayPassResult {
  applied: number;
  alreadyApplied: number;
  failed: number;
}

interface ParkedRow {
  id: string;
  subject: string;
  envelope: unknown;
  raw: string | null;
  redacted_at: Date | null;
}

/**
 * Replays the parked rows of `consumer` that someone asked to replay (`requestReplay`). Each one is
 * decoded again (upcast to the current version), then its handler runs through the inbox in one
 * transaction that also marks the row replayed: the effect is applied once, and a replay that fails
 * leaves the row parked with the error, for a person to look at. The rows are never deleted.
 *
 * Replay runs in the service, through the consumer's own handler, rather than by republishing
 * the envelope: a republished event would reach every consumer of its subject (including live
 * listeners that are not idempotent) and JetStream would drop it as a duplicate within its window.
 */
export async function replayRequested<S extends EventSubject>(args: {
  uow: TransactionRunner;
  consumer: string;
  subjects: readonly S[];
  handle: (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;
  log: Logger;
  limit?: number;
}): Promise<ReplayPassResult> {
  const result: ReplayPassResult = { applied: 0, alreadyApplied: 0, failed: 0 };
  const ids: Array<{ id: string }> = await args.uow.ds.query(
    `SELECT id FROM parked_events WHERE consumer = $1 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL ORDER BY id LIMIT $2`,
    [args.consumer, args.limit ?? 50],
  );
  for (const { id } of ids) {
    try {
      const outcome = await args.uow.run(async (tx) => {
        const rows: ParkedRow[] = await tx.manager.query(
          `SELECT id, subject, envelope, raw, redacted_at FROM parked_events
           WHERE id = $1 AND replay_requested_at IS NOT NULL AND replayed_at IS NULL FOR UPDATE SKIP LOCKED`,
          [id],
        );
        const row = rows[0];
        if (!row) return null; // another instance has it, or it was replayed meanwhile
        if (row.redacted_at) throw new Error('its content was redacted (sensitive subject past its retention)');
        const decoded = decodeEnvelopeValue(row.envelope ?? parseOrNull(row.raw));
        if (!decoded.ok) throw new Error(decoded.reason);
        const envelope = decoded.envelope as TypedEnvelope<S>;
        if (!args.subjects.includes(envelope.subject)) throw new Error(`${args.consumer} does not consume ${envelope.subject}`);
        const fresh = await recordInInbox(tx, args.consumer, envelope);
        if (fresh) await args.handle(envelope, tx);
        const done = fresh ? 'applied' : 'already-applied';
        await tx.manager.query(
          `UPDATE parked_events SET replayed_at = now(), replay_outcome = $2, replay_requested_at = NULL,
             replay_attempts = replay_attempts + 1, last_replay_error = NULL WHERE id = $1`,
          [id, done],
        );
        return done;
      });
      if (outcome === 'applied') result.applied += 1;
      if (outcome === 'already-applied') result.alreadyApplied += 1;
      if (outcome) args.log.info({ consumer: args.consumer, parkedId: id, outcome }, 'parked event replayed');
    } catch (err) {
      result.failed += 1;
      args.log.warn({ consumer: args.consumer, parkedId: id, err: String(err) }, 'parked event replay failed; it stays parked');
      await args.uow.ds.query(
        `UPDATE parked_events SET replay_requested_at = NULL, replay_attempts = replay_attempts + 1, last_replay_error = $2
         WHERE id = $1 AND replayed_at IS NULL`,
        [id, String(err instanceof Error ? err.message : err).slice(0, 4000)],
      );
    }
  }
  return result;
}

function parseOrNull(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Runs `replayRequested` every `intervalMs` until stopped; a pass that throws is logged and retried. */
export function startParkedReplayer(pass: () => Promise<unknown>, log: Logger, intervalMs = 2000): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    timer = null;
    running = pass()
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err: String(err) }, 'parked events replay pass failed'),
      )
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export interface ParkedEventView {
  id: string;
  consumer: string;
  kind: string;
  eventId: string | null;
  subject: string;
  reason: string;
  deliveries: number;
  timesParked: number;
  parkedAt: Date;
  lastParkedAt: Date;
  status: 'parked' | 'replay requested' | 'replayed';
  replayOutcome: string | null;
  replayedAt: Date | null;
  replayAttempts: number;
  lastReplayError: string | null;
}

/** The parked events of a service's schema (the connection's search_path), newest first; replayed ones only when asked. */
export async function listParkedEvents(
  db: Queryable,
  opts: { consumer?: string; includeReplayed?: boolean; ids?: readonly string[]; limit?: number } = {},
): Promise<ParkedEventView[]> {
  const { rows } = await db.query(
    `SELECT id::text, consumer, kind, event_id, subject, error, deliveries, times_parked, parked_at, last_parked_at,
            replay_requested_at, replayed_at, replay_outcome, replay_attempts, last_replay_error
     FROM parked_events
     WHERE ($1::text IS NULL OR consumer = $1) AND ($2::boolean OR replayed_at IS NULL) AND ($4::bigint[] IS NULL OR id = ANY($4::bigint[]))
     ORDER BY id DESC LIMIT $3`,
    [opts.consumer ?? null, opts.includeReplayed ?? false, opts.limit ?? 100, opts.ids ?? null],
  );
  return rows.map((r) => ({
    id: r.id as string,
    consumer: r.consumer as string,
    kind: r.kind as string,
    eventId: (r.event_id as string | null) ?? null,
    subject: r.subject as string,
    reason: String(r.error).split('\n')[0]!,
    deliveries: r.deliveries as number,
    timesParked: r.times_parked as number,
    parkedAt: r.parked_at as Date,
    lastParkedAt: r.last_parked_at as Date,
    status: r.replayed_at ? 'replayed' : r.replay_requested_at ? 'replay requested' : 'parked',
    replayOutcome: (r.replay_outcome as string | null) ?? null,
    replayedAt: (r.replayed_at as Date | null) ?? null,
    replayAttempts: r.replay_attempts as number,
    lastReplayError: (r.last_replay_error as string | null) ?? null,
  }));
}

/**
 * Asks the running service to replay parked rows (given ids, or all still parked, optionally of one
 * consumer). Returns the ids actually requested: a row already replayed is not replayed again.
 */
export async function requestReplay(db: Queryable, opts: { ids?: readonly string[]; all?: boolean; consumer?: string }): Promise<string[]> {
  if (!opts.all && !opts.ids?.length) throw new Error('give parked event ids, or all');
  const { rows } = await db.query(
    `UPDATE parked_events SET replay_requested_at = now()
     WHERE replayed_at IS NULL AND ($1::boolean OR id = ANY($2::bigint[])) AND ($3::text IS NULL OR consumer = $3)
     RETURNING id::text`,
    [opts.all ?? false, opts.ids ?? [], opts.consumer ?? null],
  );
  return rows.map((r) => r.id as string).sort((a, b) => Number(a) - Number(b));
}

/** Waits until the service has handled every requested row (replayed, or failed and left parked), or the deadline passes. */
export async function waitForReplays(db: Queryable, ids: readonly string[], timeoutMs: number): Promise<{ done: ParkedEventView[]; pending: string[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(`SELECT id::text FROM parked_events WHERE id = ANY($1::bigint[]) AND replay_requested_at IS NOT NULL`, [ids]);
    const pending = rows.map((r) => r.id as string);
    if (pending.length === 0 || Date.now() > deadline) {
      const done = await listParkedEvents(db, { includeReplayed: true, ids: ids.filter((id) => !pending.includes(id)), limit: ids.length });
      return { done: done.reverse(), pending };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
