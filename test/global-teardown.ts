import { Client } from 'pg';
import { TEST_ADMIN_URL } from '../services/kit/src/testing';

/** Drops this run's template; each test file drops its own copy. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template?.startsWith('lbf_tpl_')) return;
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
