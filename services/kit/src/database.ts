import 'reflect-metadata';
import { DataSource, type EntityManager, type MixedList } from 'typeorm';
import { InboxEntry, OutboxRow, ParkedEvent } from './messaging-tables';
import { kitMigrations } from './kit-tables.migration';
import { DEFAULT_DB_POOL_MAX } from './env';

export type { EntityManager };

export interface ServiceDataSourceOptions {
  url: string;
  /** The service's own Postgres schema; its role can touch nothing else. */
  schema: string;
  /**
   * The service's TypeORM entities: none in any service today (each reads and writes its tables with
   * SQL through the EntityManager, its store.ts being the one door); the kit's outbox and inbox are always there.
   */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /** The pool's size: a service passes its config's dbPoolMax (DB_POOL_MAX); tools and tests may leave the default. */
  poolSize?: number;
  logging?: boolean;
}

/**
 * A DataSource bound to one schema (entities, migrations table and search_path all point there).
 * Never `synchronize`: the schema changes only through migrations, run by `migrate()` at start.
 */
export function createServiceDataSource(opts: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: [OutboxRow, InboxEntry, ParkedEvent, ...((opts.entities ?? []) as unknown[] as never[])],
    migrations: [...kitMigrations, ...(opts.migrations as unknown[] as never[])],
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: opts.logging ?? false,
    extra: { max: opts.poolSize ?? DEFAULT_DB_POOL_MAX, options: `-c search_path=${opts.schema}` },
  });
}

/**
 * Connections `main.js --migrate` holds: the schema's advisory lock and the migrations' runner (what
 * a release's migration Jobs add to Postgres' connection budget, deploy/k8s/base/sizing.yaml).
 */
export const MIGRATE_POOL_MAX = 2;

export async function migrate(ds: DataSource): Promise<string[]> {
  const ran = await ds.runMigrations({ transaction: 'each' });
  return ran.map((m) => m.name);
}

/**
 * The advisory lock that serialises one schema's migrations, derived from the schema's name the
 * same way for every service: replicas starting together take turns, services never wait on each other.
 */
export function migrationLockKey(schema: string): string {
  return `lbf:migrations:${schema}`;
}

/** Runs the pending migrations while holding the schema's advisory lock (session-level, on one connection). */
export async function migrateUnderLock(ds: DataSource, schema: string): Promise<string[]> {
  const lock = ds.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLockKey(schema)]);
    try {
      return await migrate(ds);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationLockKey(schema)]).catch(() => undefined);
    }
  } finally {
    await lock.release();
  }
}

/**
 * Boot's step for the schema: apply the pending migrations under the lock (`boot`), or, where a
 * release's own command applies them (`wait`: the Kubernetes Jobs), wait until none is pending, so a
 * replica never runs against a schema older than its code. Gives up after `waitMs` (the process
 * exits, the orchestrator starts it again).
 */
export async function prepareSchema(
  ds: DataSource,
  schema: string,
  migrations: { mode: 'boot' | 'wait'; waitMs: number },
  log: { info(o: object, msg: string): void },
): Promise<void> {
  if (migrations.mode === 'boot') {
    const ran = await migrateUnderLock(ds, schema);
    if (ran.length) log.info({ migrations: ran }, 'migrations applied');
    return;
  }
  const deadline = Date.now() + migrations.waitMs;
  let told = false;
  while (await ds.showMigrations()) {
    if (Date.now() > deadline) throw new Error(`the ${schema} schema still has pending migrations after ${migrations.waitMs / 1000} s: run this release's migrations (--migrate)`);
    if (!told) log.info({ schema }, 'waiting for this release\'s migrations (MIGRATIONS=wait)');
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A command's own connection (create-admin, seed, backfill): opened, migrated under the schema's lock, given to `run`, closed whatever happens. */
export async function withMigratedDataSource<T>(ds: DataSource, schema: string, run: (ds: DataSource) => Promise<T>): Promise<T> {
  await ds.initialize();
  try {
    await migrateUnderLock(ds, schema);
    return await run(ds);
  } finally {
    await ds.destroy();
  }
}
