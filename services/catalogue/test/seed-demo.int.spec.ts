import { createLogger, UnitOfWork } from '@lbf/service-kit';
import { until, withHarness } from '@lbf/service-kit/testing';
import type { DataSource } from 'typeorm';
import { sniffContent } from '../src/media/content-sniff';
import { seedDemo } from '../src/demo/seed';
import { BUNDLED_FFMPEG, probeDurationSeconds } from '../src/media/processing/ffmpeg';
import { LocalDiskStore } from '../src/media/storage';
import { setupCatalogue } from './harness';

// The sweep picks seeded videos up at once here (every 15 s after 30 s idle in the service).
const t = withHarness(() => setupCatalogue({ videoSweepEveryMs: 1000, videoSweepAfterMs: 0 }));
let ds: DataSource;

const seed = () =>
  seedDemo({ ds, uow: new UnitOfWork(ds, 'catalogue'), store: t.app.store, log: createLogger('seed-test', 'silent'), ffmpegPath: BUNDLED_FFMPEG, maxVideoSeconds: 40 });

beforeAll(async () => {
  t.events.listen('catalogue.item.published');
  t.events.listen('catalogue.settings.updated');
  ds = await t.cliDataSource();
});

describe('the demo catalogue', () => {
  // How long it takes is not asserted here (it is ffmpeg work, slower on a busy machine):
  // `npm start` logs it with 'demo catalogue loaded'.
  it('is loaded into an empty catalogue, with real files', async () => {
    const outcome = await seed();
    expect(outcome).toMatchObject({ seeded: true, videos: 8, pdfs: 6, articles: 4, testimonials: 6 });
  });

  it('puts its videos through the streaming pipeline: unpublished until their ladder is ready, then published', async () => {
    const states = await t.sql.query('SELECT processing_state, published_at, duration_seconds FROM catalogue.videos');
    expect(states.rows.every((r) => r.duration_seconds <= 40 && r.duration_seconds > 10)).toBe(true);
    const started = Date.now();
    await until(
      async () => {
        const { rows } = await t.sql.query(`SELECT processing_state AS s, count(*)::int AS n FROM catalogue.videos GROUP BY 1`);
        if (rows.some((r) => r.s === 'failed')) throw new Error('a demo video failed');
        return rows.length === 1 && rows[0].s === 'ready' && rows[0].n === 8;
      },
      120_000,
      'the 8 demo videos ready',
    );
    process.stdout.write(`8 demo videos (<= 40 s each) ready in ${Date.now() - started} ms\n`);
    const { rows } = await t.sql.query('SELECT published_at, hls_version FROM catalogue.videos');
    expect(rows.every((r) => r.published_at !== null && r.hls_version === 1)).toBe(true);
  }, 130_000);

  it('has the 8 videos, 4 of them with a presenter, across the categories', async () => {
    const res = await t.query<{ videos: { total: number; items: Array<{ title: string; presenter: { name: string; photoUrl: string } | null; thumbnailUrl: string; durationSeconds: number; priceCents: number; learnItems: string[] }> }; videoCategories: Array<{ id: string; count: number }> }>(
      `{ videos(pageSize: 20) { total items { title priceCents durationSeconds thumbnailUrl learnItems presenter { name photoUrl } } } videoCategories { id count } }`,
    );
    const { videos, videoCategories } = res.data!;
    expect(videos.total).toBe(8);
    expect(videos.items.filter((v) => v.presenter).map((v) => v.title.split(' :')[0])).toEqual(['Remèdes traditionnels', 'Nutrition', 'Bien-être', 'Sommeil']);
    expect(videos.items.every((v) => v.priceCents === 359 && v.durationSeconds > 0 && v.thumbnailUrl && v.learnItems.length === 4)).toBe(true);
    expect(videoCategories.every((c) => c.count >= 1)).toBe(true);
    const photo = await t.fetch(t.abs(videos.items[0]!.presenter!.photoUrl));
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stores playable video files whose real duration is the one shown', async () => {
    const { rows } = await t.sql.query('SELECT video_key, duration_seconds FROM catalogue.videos ORDER BY created_at DESC');
    const store = t.app.store as LocalDiskStore;
    for (const row of rows.slice(0, 2)) {
      const head = await store.read('videos', row.video_key, { start: 0, end: 4099 });
      const chunks: Buffer[] = [];
      for await (const c of head) chunks.push(c as Buffer);
      expect((await sniffContent(Buffer.concat(chunks)))?.family).toBe('video');
      expect(await probeDurationSeconds(BUNDLED_FFMPEG, store.pathOf('videos', row.video_key))).toBe(row.duration_seconds);
    }
  });

  it('has 6 PDF guides of several pages, 4 articles and the 5 newest testimonials', async () => {
    const res = await t.query<{
      pdfs: { items: Array<{ pageCount: number; priceCents: number; illustrationUrl: string }> };
      articles: { items: Array<{ categoryLabel: string; bodyHtml: string; readTimeMinutes: number; imageUrl: string }> };
      testimonials: Array<{ location: string }>;
    }>(`{ pdfs { items { pageCount priceCents illustrationUrl } } articles { items { categoryLabel bodyHtml readTimeMinutes imageUrl } } testimonials { location } }`);
    const { pdfs, articles, testimonials } = res.data!;
    expect(pdfs.items).toHaveLength(6);
    expect(pdfs.items.every((p) => p.pageCount >= 4 && p.priceCents === 100 && p.illustrationUrl)).toBe(true);
    expect(articles.items.map((a) => a.categoryLabel).sort()).toEqual(['Bien-être', 'Cardio', 'Nutrition', 'Sommeil']);
    expect(articles.items.every((a) => a.bodyHtml.startsWith('<p>') && a.readTimeMinutes >= 1 && a.imageUrl)).toBe(true);
    expect(testimonials).toHaveLength(5);
  });

  it('names the author and « Mis à jour le » of every lesson, guide and article, and most of their reviewers', async () => {
    type Credits = { author: string | null; reviewer: string | null; contentUpdatedOn: string | null };
    const fields = 'author reviewer contentUpdatedOn';
    const res = await t.query<{ videos: { items: Credits[] }; pdfs: { items: Credits[] }; articles: { items: Credits[] } }>(
      `{ videos(pageSize: 20) { items { ${fields} } } pdfs { items { ${fields} } } articles { items { ${fields} } } }`,
    );
    const all = [...res.data!.videos.items, ...res.data!.pdfs.items, ...res.data!.articles.items];
    expect(all).toHaveLength(18);
    expect(all.every((c) => c.author && /^\d{4}-\d{2}-\d{2}$/.test(c.contentUpdatedOn ?? ''))).toBe(true);
    expect(all.filter((c) => c.reviewer).length).toBeGreaterThan(12);
  });

  it('invents no audience: no views, no downloads, no PDF rating until real ones are recorded', async () => {
    const res = await t.asAdmin<{
      videos: { items: Array<{ viewCount: number; downloadCount: number }> };
      pdfs: { items: Array<{ rating: number | null; downloadCount: number }> };
      catalogueStats: { totalVideoViews: number; totalDownloads: number };
    }>(`{ videos(pageSize: 20) { items { viewCount downloadCount } } pdfs { items { rating downloadCount } } catalogueStats { totalVideoViews totalDownloads } }`);
    const { videos, pdfs, catalogueStats } = res.data!;
    expect(videos.items.map((v) => [v.viewCount, v.downloadCount])).toEqual(Array(8).fill([0, 0]));
    expect(pdfs.items.map((p) => [p.rating, p.downloadCount])).toEqual(Array(6).fill([null, 0]));
    expect(catalogueStats).toEqual({ totalVideoViews: 0, totalDownloads: 0 });
  });

  it('publishes catalogue.item.published for each video and PDF through the outbox', async () => {
    await until(() => t.events.seen.filter((e) => e.subject === 'catalogue.item.published').length === 14, 10_000, '14 published events');
  });

  it('publishes the site settings once, so the first mails carry the site name', async () => {
    const settings = await until(() => {
      const got = t.events.seen.filter((e) => e.subject === 'catalogue.settings.updated');
      return got.length ? got : null;
    }, 10_000, 'catalogue.settings.updated');
    expect(settings).toHaveLength(1);
    expect(settings[0].data).toMatchObject({ siteName: 'LBF', siteLogo: null, contactEmail: null, contactPhone: null });
  });

  it('is loaded only once, even after the catalogue was emptied', async () => {
    expect(await seed()).toEqual({ seeded: false, reason: 'already loaded once' });
    await t.sql.query('DELETE FROM catalogue.videos; DELETE FROM catalogue.pdfs; DELETE FROM catalogue.articles; DELETE FROM catalogue.testimonials');
    expect(await seed()).toEqual({ seeded: false, reason: 'already loaded once' });
  });

  it('leaves a catalogue that has content alone', async () => {
    await t.sql.query('DELETE FROM catalogue.seed_runs');
    await t.insertVideo({ title: 'Déjà là' });
    expect(await seed()).toEqual({ seeded: false, reason: 'the catalogue is not empty' });
  });
});
