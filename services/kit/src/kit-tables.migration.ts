import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox, inbox and parked events, created in every service's own schema (via its search_path). */
export class KitTables1700000000000 implements MigrationInterface {
  name = 'KitTables1700000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE outbox (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      attempts int NOT NULL DEFAULT 0,
      last_error text
    )`);
    await q.query(`CREATE INDEX outbox_unsent ON outbox (seq) WHERE sent_at IS NULL`);
    await q.query(`CREATE TABLE inbox (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      subject text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
    await q.query(`CREATE TABLE parked_events (
      id bigserial PRIMARY KEY,
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      error text NOT NULL,
      parked_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE parked_events`);
    await q.query(`DROP TABLE inbox`);
    await q.query(`DROP TABLE outbox`);
  }
}

/**
 * Parking that keeps every message a consumer gives up on (also unreadable ones: no id, not
 * JSON), with its kind, stream position and replay history; and the indexes the retention job
 * prunes by.
 */
export class KitParkingAndRetention1700000000001 implements MigrationInterface {
  name = 'KitParkingAndRetention1700000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE parked_events
      ALTER COLUMN event_id DROP NOT NULL,
      ALTER COLUMN envelope DROP NOT NULL,
      ADD COLUMN kind text NOT NULL DEFAULT 'handler-failed' CHECK (kind IN ('invalid', 'handler-failed')),
      ADD COLUMN raw text,
      ADD COLUMN stream_seq bigint,
      ADD COLUMN deliveries int NOT NULL DEFAULT 0,
      ADD COLUMN times_parked int NOT NULL DEFAULT 1,
      ADD COLUMN last_parked_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN replay_requested_at timestamptz,
      ADD COLUMN replayed_at timestamptz,
      ADD COLUMN replay_outcome text CHECK (replay_outcome IN ('applied', 'already-applied')),
      ADD COLUMN replay_attempts int NOT NULL DEFAULT 0,
      ADD COLUMN last_replay_error text,
      ADD COLUMN redacted_at timestamptz`);
    // An event waiting in the parking is parked once, however often the broker hands it back.
    await q.query(`CREATE UNIQUE INDEX parked_events_waiting ON parked_events (consumer, event_id) WHERE replayed_at IS NULL AND event_id IS NOT NULL`);
    await q.query(`CREATE INDEX parked_events_replay_requested ON parked_events (consumer) WHERE replay_requested_at IS NOT NULL AND replayed_at IS NULL`);
    await q.query(`CREATE INDEX outbox_sent_at ON outbox (sent_at) WHERE sent_at IS NOT NULL`);
    await q.query(`CREATE INDEX inbox_processed_at ON inbox (processed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX inbox_processed_at`);
    await q.query(`DROP INDEX outbox_sent_at`);
    await q.query(`DROP INDEX parked_events_replay_requested`);
    await q.query(`DROP INDEX parked_events_waiting`);
    await q.query(`DELETE FROM parked_events WHERE event_id IS NULL OR envelope IS NULL`);
    await q.query(`ALTER TABLE parked_events
      DROP COLUMN kind, DROP COLUMN raw, DROP COLUMN stream_seq, DROP COLUMN deliveries, DROP COLUMN times_parked,
      DROP COLUMN last_parked_at, DROP COLUMN replay_requested_at, DROP COLUMN replayed_at, DROP COLUMN replay_outcome,
      DROP COLUMN replay_attempts, DROP COLUMN last_replay_error, DROP COLUMN redacted_at,
      ALTER COLUMN event_id SET NOT NULL, ALTER COLUMN envelope SET NOT NULL`);
  }
}

/**
 * The trace context (W3C `traceparent`/`tracestate`, as JSON) of the transaction that wrote an
 * outbox row, so the relay publishes the event in that trace (issue 22 point 7); null when
 * tracing is off.
 */
export class KitOutboxTraceContext1700000000002 implements MigrationInterface {
  name = 'KitOutboxTraceContext1700000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN trace_context`);
  }
}

/** Every kit migration, in order; each service's DataSource runs them before its own. */
export const kitMigrations = [KitTables1700000000000, KitParkingAndRetention1700000000001, KitOutboxTraceContext1700000000002];
