import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate, provisionDatabase, serviceDatabaseUrl } from '../services/kit/src';
import { randomSuffix, TEST_ADMIN_URL } from '../services/kit/src/testing';

/**
 * Migrates every service once into a template database; each test file then takes its own copy
 * with CREATE DATABASE ... TEMPLATE (fast, isolated, nothing to clean between files).
 * Each service's src/database.ts exports SCHEMA and createDataSource(url).
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
  const servicesDir = join(__dirname, '..', 'services');
  for (const name of readdirSync(servicesDir)) {
    const file = join(servicesDir, name, 'src', 'database.ts');
    if (!existsSync(file)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as { SCHEMA?: string; createDataSource?(url: string): import('typeorm').DataSource };
    if (!mod.SCHEMA || !mod.createDataSource) continue; // the kit's own database.ts is not a service
    const ds = mod.createDataSource(serviceDatabaseUrl(TEST_ADMIN_URL, mod.SCHEMA, template));
    await ds.initialize();
    try {
      await migrate(ds);
    } finally {
      await ds.destroy();
    }
  }
}
