import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const e2e = (globalThis as Record<string, unknown>).__LBF_E2E__ as { stack: { stop(): Promise<void> }; stream: string; database: string; dataDir: string } | undefined;
  if (!e2e) return;
  await e2e.stack.stop();
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    await (await nc.jetstreamManager()).streams.delete(e2e.stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
  const pg = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await pg.connect();
  try {
    await pg.query(`DROP DATABASE IF EXISTS "${e2e.database}" WITH (FORCE)`);
  } finally {
    await pg.end();
  }
  // The run's keys and media go; its service logs stay in <dataDir>/logs for reading after a failure.
  for (const part of ['keys', 'media']) rmSync(join(e2e.dataDir, part), { recursive: true, force: true });
}
