import { dropTestDatabase } from '../services/kit/src/testing';

/** Drops this run's template; each test file drops its own copy. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DB;
  if (template?.startsWith('lbf_tpl_')) await dropTestDatabase(template);
}
