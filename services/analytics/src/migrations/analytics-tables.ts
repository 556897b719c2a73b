import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalyticsTables1760000000000 implements MigrationInterface {
  name = 'AnalyticsTables1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE page_visits (
      id uuid PRIMARY KEY,
      path text NOT NULL,
      visitor_id text NOT NULL,
      user_agent text,
      not_found boolean NOT NULL DEFAULT false,
      visited_at timestamptz NOT NULL,
      day date NOT NULL
    )`);
    await q.query(`CREATE INDEX page_visits_day ON page_visits (day)`);
    await q.query(`CREATE INDEX page_visits_path ON page_visits (path)`);
    await q.query(`CREATE TABLE daily_counters (
      day date PRIMARY KEY,
      visits int NOT NULL DEFAULT 0 CHECK (visits >= 0)
    )`);
    await q.query(`CREATE TABLE counters (
      name text PRIMARY KEY,
      value bigint NOT NULL DEFAULT 0 CHECK (value >= 0)
    )`);
    await q.query(`INSERT INTO counters (name, value) VALUES ('registered_users', 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE counters`);
    await q.query(`DROP TABLE daily_counters`);
    await q.query(`DROP TABLE page_visits`);
  }
}
