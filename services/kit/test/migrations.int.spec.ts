import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createLogger, createServiceDataSource, migrateUnderLock, prepareSchema } from '../src';
import { createTestEnvironment, randomSuffix, type TestEnvironment } from '../src/testing';

/**
 * Migrations once per release (issue 22): with MIGRATIONS=wait a replica does not migrate; it waits
 * until the release's own command (`main.js --migrate`, a Kubernetes Job) has applied them, and gives
 * up after its deadline rather than run on an older schema.
 */
describe('migrations once per release', () => {
  let env: TestEnvironment;
  const log = createLogger('kit-test', 'silent');
  const table = `release_probe_${randomSuffix()}`;
  const RELEASE = `NextRelease${Date.now()}`;
  class NextRelease implements MigrationInterface {
    name = RELEASE;
    async up(q: QueryRunner): Promise<void> {
      await q.query(`CREATE TABLE analytics.${table} (id int)`);
    }
    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE analytics.${table}`);
    }
  }
  const dataSource = () => createServiceDataSource({ url: env.baseConfig('analytics').databaseUrl, schema: 'analytics', entities: [], migrations: [NextRelease] });

  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('a waiting replica gives up when no one applies the release’s migrations, and has applied nothing', async () => {
    const replica = dataSource();
    await replica.initialize();
    try {
      await expect(prepareSchema(replica, 'analytics', { mode: 'wait', waitMs: 1500 }, log)).rejects.toThrow(/pending migrations after 1.5 s: run this release's migrations/);
      const { rows } = await env.sql.query('SELECT to_regclass($1) AS t', [`analytics.${table}`]);
      expect(rows[0].t).toBeNull();
    } finally {
      await replica.destroy();
    }
  });

  it('a waiting replica starts once the release’s command has migrated, which only that command did', async () => {
    const replica = dataSource();
    const job = dataSource();
    await Promise.all([replica.initialize(), job.initialize()]);
    try {
      let ready = false;
      const waiting = prepareSchema(replica, 'analytics', { mode: 'wait', waitMs: 30_000 }, log).then(() => {
        ready = true;
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(ready).toBe(false);
      expect(await migrateUnderLock(job, 'analytics')).toEqual([RELEASE]);
      await waiting;
      expect(ready).toBe(true);
      const { rows } = await env.sql.query('SELECT to_regclass($1) AS t', [`analytics.${table}`]);
      expect(rows[0].t).not.toBeNull();
    } finally {
      await Promise.all([replica.destroy(), job.destroy()]);
    }
  });
});
