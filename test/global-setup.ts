import { join } from 'node:path';
import { Client } from 'pg';
import { migrateUnderLock, provisionDatabase, serviceDatabaseUrl, SERVICE_REGISTRY } from '../services/kit/src';
import { randomSuffix, TEST_ADMIN_URL } from '../services/kit/src/testing';

/**
 * Migrates every service once into a template database; each test file then takes its own copy
 * with CREATE DATABASE ... TEMPLATE (fast, isolated, nothing to clean between files).
 * Every service of the registry (services/kit/services.json) has src/database.ts exporting createDataSource(url).
 */
const STALE_AFTER_SECONDS = 3 * 3600;

export default async function globalSetup(): Promise<void> {
  // A template of this run's own (workers inherit the variable), so parallel runs never collide.
  const template = `lbf_tpl_${Math.floor(Date.now() / 1000)}_${randomSuffix()}`;
  process.env.TEST_TEMPLATE_DB = template;
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    // Leftovers of interrupted runs: names carry their creation time (lbf_tpl_<epoch>_…, lbf_t_<epoch>_…).
    const all = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '^lbf_(tpl|t)_[0-9]+_'`);
    const now = Date.now() / 1000;
    for (const { datname } of all.rows as Array<{ datname: string }>) {
      const created = Number(datname.split('_')[2]);
      if (now - created > STALE_AFTER_SECONDS) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
    }
  } finally {
    await admin.end();
  }
  await provisionDatabase(TEST_ADMIN_URL, template);
  for (const service of SERVICE_REGISTRY) {
    const file = join(__dirname, '..', 'services', service.name, 'src', 'database.ts');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as { createDataSource(url: string): import('typeorm').DataSource };
    const ds = mod.createDataSource(serviceDatabaseUrl(TEST_ADMIN_URL, service.schema, template));
    await ds.initialize();
    try {
      await migrateUnderLock(ds, service.schema);
    } finally {
      await ds.destroy();
    }
  }
}
