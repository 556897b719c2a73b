import { isSensitiveSubject, makeEnvelope, validateData, type Envelope, type EventData, type EventSubject } from '@lbf/proto-events';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from './logger';
import { detached, parseCarrier, SpanKind, traceCarrier, withSpanFrom, type TraceCarrier } from './tracing';
import type { Counter, Metrics } from './metrics';

export type Emit = <S extends EventSubject>(subject: S, data: EventData<S>) => Promise<Envelope<EventData<S>>>;

/** Writes an event row inside the caller's transaction; the payload is validated against the contract first. */
export async function writeOutbox<S extends EventSubject>(
  manager: EntityManager,
  producer: string,
  subject: S,
  data: EventData<S>,
  version: number,
): Promise<Envelope<EventData<S>>> {
  const envelope = makeEnvelope({ subject, version, producer, data: validateData(subject, data) });
  // The trace of the work that emits it (null when tracing is off): the relay publishes the event in it.
  const trace = traceCarrier();
  await manager.query('INSERT INTO outbox (id, subject, envelope, trace_context) VALUES ($1, $2, $3, $4)', [
    envelope.id,
    subject,
    JSON.stringify(envelope),
    trace ? JSON.stringify(trace) : null,
  ]);
  return envelope;
}

export interface OutboxRelayOptions {
  /** Publishes one envelope (with the trace context's headers); must reject when the broker did not acknowledge it. */
  publish: (envelope: Envelope, headers?: TraceCarrier) => Promise<void>;
  log: Logger;
  /** Safety net for rows committed by another process or left by a crash. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Counts the rows this process published (lbf_outbox_published_total): replicas share the work. */
  metrics?: Metrics;
}

/**
 * Publishes committed outbox rows in order. `kick()` after a commit gives low latency; the poll
 * catches anything else. Rows are locked with SKIP LOCKED so several instances never publish
 * the same row at once, and a publish that fails leaves the row for the next pass.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private failures = 0;
  private readonly published?: Counter;

  constructor(
    private readonly ds: DataSource,
    private readonly opts: OutboxRelayOptions,
  ) {
    this.published = opts.metrics?.counter('lbf_outbox_published_total', 'Outbox rows this process published to the stream');
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a pass now; several kicks during a pass cause one more pass, not many. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops the loop and, unless told not to, publishes what is still pending (the last requests' and
   * events' rows) while the event bus is open: a row left behind would wait for another replica's next pass.
   */
  async stop(opts: { flush?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    if (opts.flush === false) return;
    await this.drain().catch((err: unknown) => this.opts.log.warn({ err: String(err) }, 'outbox relay could not flush at shutdown; another replica will'));
  }

  /** Publishes until nothing is pending; returns how many rows were sent. Used by tests and by the loop. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.pass();
      total += sent;
      if (sent < (this.opts.batchSize ?? 100)) return total;
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    // A kick comes from a request's commit: the relay's pass is not that request's work.
    this.timer = detached(() => setTimeout(() => {
      this.timer = null;
      this.running = this.loop().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        }
      });
    }, delay));
  }

  private async loop(): Promise<void> {
    try {
      await this.drain();
      this.failures = 0;
      this.schedule(this.opts.pollIntervalMs ?? 1000);
    } catch (err) {
      this.failures += 1;
      const backoff = Math.min(10_000, 200 * 2 ** Math.min(this.failures, 6));
      this.opts.log.warn({ err: String(err), retryInMs: backoff }, 'outbox relay could not publish; will retry');
      this.again = false;
      this.schedule(backoff);
    }
  }

  private async pass(): Promise<number> {
    const batch = this.opts.batchSize ?? 100;
    let failure: unknown = null;
    const count = await this.ds.transaction(async (m) => {
      const rows: Array<{ seq: string; subject: string; envelope: Envelope; trace_context: unknown }> = await m.query(
        'SELECT seq, subject, envelope, trace_context FROM outbox WHERE sent_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED',
        [batch],
      );
      const sent: string[] = [];
      const secret: string[] = [];
      for (const row of rows) {
        try {
          await publishInTrace(row, this.opts.publish);
        } catch (err) {
          failure = err;
          await m.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1', [row.seq, String(err).slice(0, 500)]);
          break;
        }
        // A row carrying a secret (a reset link) is deleted once the broker has it, not kept as sent.
        (isSensitiveSubject(row.subject) ? secret : sent).push(row.seq);
      }
      // What was published is marked sent even when a later row failed, so it is not sent again.
      if (sent.length) await m.query('UPDATE outbox SET sent_at = now() WHERE seq = ANY($1::bigint[])', [sent]);
      if (secret.length) await m.query('DELETE FROM outbox WHERE seq = ANY($1::bigint[])', [secret]);
      return sent.length + secret.length;
    });
    if (count) this.published?.inc(count);
    if (failure) throw failure;
    return count;
  }
}

/** One row published in the trace that wrote it: a producer span, whose context the message's headers carry. */
function publishInTrace(row: { subject: string; envelope: Envelope; trace_context: unknown }, publish: OutboxRelayOptions['publish']): Promise<void> {
  const attributes = { 'messaging.system': 'nats', 'messaging.operation.type': 'send', 'messaging.destination.name': row.subject, 'messaging.message.id': row.envelope.id };
  return withSpanFrom(parseCarrier(row.trace_context), `publish ${row.subject}`, { kind: SpanKind.PRODUCER, attributes }, () =>
    publish(row.envelope, traceCarrier() ?? undefined),
  );
}
