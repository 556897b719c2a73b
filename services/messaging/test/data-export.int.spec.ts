import { EXPORT_SERVICES, exportPartSubject } from '@lbf/proto-events';
import { encodeExportPart, EXPORT_PART_MAX_CHARS } from '@lbf/service-kit';
import { withHarness } from '@lbf/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_STALE_MS } from '../src/export/export.module';
import { purgeExports } from '../src/export/purge';
import { messagingHarness } from './harness';

/**
 * The archive of a part too large for one message (it comes in pieces, in any order, some twice),
 * and the export room's purge: an export still missing a part an hour on ends as failed, with
 * messaging.user.export_failed (identity then lets the person ask again); one still within the
 * hour is left waiting. The whole journey is gateway/test/data-export.int.spec.ts.
 */
describe('data export assembly and purge', () => {
  const h = withHarness(() => messagingHarness());

  it('puts a part sent in pieces back together, whatever order they come in, and makes one archive', async () => {
    const request = { exportId: randomUUID(), userId: randomUUID(), requestedBy: null, requestedAt: new Date().toISOString() };
    // Random hex gzips to about half: a part of two pieces once in base64.
    const visits = randomBytes(EXPORT_PART_MAX_CHARS * 0.9).toString('hex');
    const big = encodeExportPart({ visits });
    expect(big.length).toBe(2);
    const partsReady = async () =>
      (await h.sql.query(`SELECT status, (SELECT count(*)::int FROM messaging.data_export_parts WHERE export_id = $1) AS rows FROM messaging.data_exports WHERE id = $1`, [request.exportId])).rows[0];

    for (const service of EXPORT_SERVICES.filter((s) => s !== 'analytics')) {
      await h.publish(exportPartSubject(service), { ...request, content: encodeExportPart({ service })[0], piece: 1, pieces: 1 });
    }
    // The second piece first, then the first one twice (a redelivery under another id).
    await h.publish(exportPartSubject('analytics'), { ...request, content: big[1], piece: 2, pieces: 2 });
    await h.until(async () => ((await partsReady())?.rows === 5 ? true : null), 10_000, 'five pieces stored');
    expect((await partsReady()).status).toBe('preparing');
    await h.publish(exportPartSubject('analytics'), { ...request, content: big[0], piece: 1, pieces: 2 });
    await h.publish(exportPartSubject('analytics'), { ...request, content: big[0], piece: 1, pieces: 2 });

    const ready = await h.until(async () => ((await partsReady())?.status === 'ready' ? await partsReady() : null), 10_000, 'the archive');
    expect(ready.rows).toBe(0);
    const { rows } = await h.sql.query('SELECT archive FROM messaging.data_exports WHERE id = $1', [request.exportId]);
    const dir = mkdtempSync(join(tmpdir(), 'export-'));
    try {
      const file = join(dir, 'export.zip');
      writeFileSync(file, rows[0].archive as Buffer);
      const analytics = JSON.parse(execFileSync('unzip', ['-p', file, 'analytics.json'], { maxBuffer: 64 * 1024 * 1024 }).toString());
      expect(analytics.visits === visits).toBe(true);
      expect(JSON.parse(execFileSync('unzip', ['-p', file, 'catalogue.json']).toString())).toEqual({ service: 'catalogue' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

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

    const { rows } = await h.sql.query('SELECT id, status FROM messaging.data_exports WHERE id = ANY($1) ORDER BY requested_at', [[stuck.id, waiting.id]]);
    expect(rows).toEqual([
      { id: stuck.id, status: 'failed' },
      { id: waiting.id, status: 'preparing' },
    ]);
    const failed = await h.until(() => (collector.received.length ? collector.received : null), 10_000, 'the event');
    expect(failed.map((e) => e.data)).toEqual([{ exportId: stuck.id, userId: stuck.userId, failedAt: expect.any(String) }]);
  });
});
