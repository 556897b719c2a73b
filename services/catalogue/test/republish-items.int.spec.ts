import { UnitOfWork } from '@lbf/service-kit';
import { until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { republishItems } from '../src/items/republish';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());
let ds: DataSource;

beforeAll(async () => {
  t.events.listen('catalogue.item.updated');
  // As the CLI does: its own connection, no relay; the running service's relay publishes the rows.
  ds = await t.cliDataSource();
});

describe('republish-items (price list backfill)', () => {
  it('emits catalogue.item.updated through the outbox for every published video and PDF, and only those', async () => {
    const published = [await t.insertVideo({ title: 'Yoga du matin', priceCents: 499 }), await t.insertVideo({ title: 'Marche rapide' })];
    const draft = await t.insertVideo({ title: 'Pas encore publiée' });
    await t.sql.query('UPDATE catalogue.videos SET published_at = NULL WHERE id = $1', [draft]);
    const pdf = randomUUID();
    await t.sql.query(
      `INSERT INTO catalogue.pdfs (id, title, category, price_cents, file_key, file_size, search_text, title_key, published_at)
       VALUES ($1, 'Guide nutrition', 'nutrition', 150, 'test-guide.pdf', 1000, 'guide nutrition', 'guide nutrition', now())`,
      [pdf],
    );

    expect(await republishItems(new UnitOfWork(ds, 'catalogue'))).toEqual({ videos: 2, pdfs: 1 });
    await until(() => t.events.seen.length >= 3, 5000, 'three catalogue.item.updated');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.events.seen.map((e) => e.data).sort((a, b) => String(a.itemId).localeCompare(String(b.itemId)))).toEqual(
      [
        { itemId: published[0], itemType: 'video', title: 'Yoga du matin', priceCents: 499, currency: 'USD', occurredAt: expect.any(String) },
        { itemId: published[1], itemType: 'video', title: 'Marche rapide', priceCents: 359, currency: 'USD', occurredAt: expect.any(String) },
        { itemId: pdf, itemType: 'pdf', title: 'Guide nutrition', priceCents: 150, currency: 'USD', occurredAt: expect.any(String) },
      ].sort((a, b) => String(a.itemId).localeCompare(String(b.itemId))),
    );
  });

  it('walks past a batch boundary', async () => {
    t.events.seen.length = 0;
    for (let i = 0; i < 205; i++) await t.insertVideo({ title: `Leçon ${i}` });
    const counts = await republishItems(new UnitOfWork(ds, 'catalogue'));
    expect(counts).toEqual({ videos: 207, pdfs: 1 });
    const { rows } = await t.sql.query(`SELECT count(DISTINCT envelope->'data'->>'itemId')::int AS n FROM catalogue.outbox WHERE subject = 'catalogue.item.updated'`);
    expect(rows[0].n).toBe(208);
  });
});
