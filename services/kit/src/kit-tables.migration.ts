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
