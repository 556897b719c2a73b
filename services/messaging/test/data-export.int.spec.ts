import { randomUUID } from 'node:crypto';
import { withHarness } from '@lbf/service-kit/testing';
import { EXPORT_STALE_MS } from '../src/export/export.module';
import { purgeExports } from '../src/export/purge';
import { messagingHarness } from './harness';

/**
 * The export room's purge: an export still missing a part an hour on ends as failed, with
 * messaging.user.export_failed (identity then lets the person ask again); one still within the
 * hour is left waiting. The whole journey is gateway/test/data-export.int.spec.ts.
 */
describe('data export purge', () => {
  const h = withHarness(() => messagingHarness());

  it('ends an export stuck for an hour as failed and says so to identity, once', async () => {
    const stuck = { id: randomUUID(), userId: randomUUID() };
    const waiting = { id: randomUUID(), userId: randomUUID() };
    const insert = (e: { id: string; userId: string }, ageMs: number) =>
      h.sql.query(`INSERT INTO messaging.data_exports (id, user_id, requested_at) VALUES ($1, $2, now() - $3 * interval '1 millisecond')`, [e.id, e.userId, ageMs]);
    await insert(stuck, EXPORT_STALE_MS + 60_000);
    await insert(waiting, EXPORT_STALE_MS - 60_000);
    const collector = await h.events(['messaging.user.export_failed']);

    expect(await purgeExports(h.app.deps, EXPORT_STALE_MS)).toMatchObject({ failed: 1 });
    expect(await purgeExports(h.app.deps, EXPORT_STALE_MS)).toMatchObject({ failed: 0 });

    const { rows } = await h.sql.query('SELECT id, status FROM messaging.data_exports ORDER BY requested_at');
    expect(rows).toEqual([
      { id: stuck.id, status: 'failed' },
      { id: waiting.id, status: 'preparing' },
    ]);
    const failed = await h.until(() => (collector.received.length ? collector.received : null), 10_000, 'the event');
    expect(failed.map((e) => e.data)).toEqual([{ exportId: stuck.id, userId: stuck.userId, failedAt: expect.any(String) }]);
  });
});
