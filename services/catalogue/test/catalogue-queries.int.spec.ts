import { withHarness } from '@lbf/service-kit/testing';
import { setupCatalogue, VIDEO_FIELDS } from './harness';

const t = withHarness(() => setupCatalogue());

const VIDEOS = `query Videos($filter: VideoFilter, $sort: VideoSort, $page: Int, $pageSize: Int) {
  videos(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) { items { id title priceCents durationSeconds category } total page pageSize totalPages }
}`;

type Page = { items: Array<{ id: string; title: string; priceCents: number; durationSeconds: number | null; category: string }>; total: number; page: number; pageSize: number; totalPages: number };

const titles = async (variables: Record<string, unknown>) => {
  const res = await t.query<{ videos: Page }>(VIDEOS, { pageSize: 50, ...variables });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.videos.items.map((v) => v.title);
};

beforeAll(async () => {
  // Inserted newest first: each row is a minute older than the previous one.
  await t.insertVideo({ title: 'Remèdes traditionnels du Sahel', description: 'Les plantes qui soignent.', category: 'health', priceCents: 359, durationSeconds: 930 });
  await t.insertVideo({ title: 'Équilibre alimentaire', description: 'Bien manger avec le fonio et le mil.', category: 'nutrition', priceCents: 499, durationSeconds: 59 });
  await t.insertVideo({ title: 'Sommeil réparateur', description: 'Des nuits paisibles grâce aux tisanes.', category: 'sleep', priceCents: 199, durationSeconds: 600 });
  await t.insertVideo({ title: 'Yoga doux', description: 'Étirements pour le dos.', category: 'exercise', priceCents: 359, durationSeconds: null });
  await t.insertVideo({ title: 'Alimentation et cœur', description: 'Nutrition pour un cœur en bonne santé.', category: 'nutrition', priceCents: 1000, durationSeconds: 61 });
  await t.insertVideo({ title: 'Bien-être au travail', description: 'Gérer le STRESS.', category: 'wellbeing', priceCents: 250, durationSeconds: 1200 });
});

describe('searching the video catalogue', () => {
  it('finds words in the title or the description, ignoring case', async () => {
    expect(await titles({ filter: { search: 'SOMMEIL' } })).toEqual(['Sommeil réparateur']);
    expect(await titles({ filter: { search: 'stress' } })).toEqual(['Bien-être au travail']);
    expect(await titles({ filter: { search: 'fonio' } })).toEqual(['Équilibre alimentaire']);
  });

  it('ignores accents both ways', async () => {
    expect(await titles({ filter: { search: 'remedes' } })).toEqual(['Remèdes traditionnels du Sahel']);
    expect(await titles({ filter: { search: 'equilibre' } })).toEqual(['Équilibre alimentaire']);
    expect(await titles({ filter: { search: 'coeur' } })).toEqual(['Alimentation et cœur']);
    expect(await titles({ filter: { search: 'réparâteur' } })).toEqual(['Sommeil réparateur']);
  });

  it('needs every word of the query', async () => {
    expect(await titles({ filter: { search: 'bien manger' } })).toEqual(['Équilibre alimentaire']);
    expect(await titles({ filter: { search: 'bien licorne' } })).toEqual([]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(await titles({ filter: { search: '%' } })).toEqual([]);
    expect(await titles({ filter: { search: '_' } })).toEqual([]);
  });

  it('filters by category, alone or with a search', async () => {
    expect(await titles({ filter: { category: 'nutrition' } })).toEqual(['Équilibre alimentaire', 'Alimentation et cœur']);
    expect(await titles({ filter: { category: 'nutrition', search: 'coeur' } })).toEqual(['Alimentation et cœur']);
    expect(await titles({ filter: { category: 'sleep', search: 'coeur' } })).toEqual([]);
  });
});

describe('sorting the video catalogue', () => {
  it('shows the newest first by default', async () => {
    expect(await titles({})).toEqual([
      'Remèdes traditionnels du Sahel',
      'Équilibre alimentaire',
      'Sommeil réparateur',
      'Yoga doux',
      'Alimentation et cœur',
      'Bien-être au travail',
    ]);
  });

  it('sorts by price, low to high and high to low (equal prices newest first)', async () => {
    expect(await titles({ sort: 'PRICE_LOW' })).toEqual([
      'Sommeil réparateur',
      'Bien-être au travail',
      'Remèdes traditionnels du Sahel',
      'Yoga doux',
      'Équilibre alimentaire',
      'Alimentation et cœur',
    ]);
    expect(await titles({ sort: 'PRICE_HIGH' })).toEqual([
      'Alimentation et cœur',
      'Équilibre alimentaire',
      'Remèdes traditionnels du Sahel',
      'Yoga doux',
      'Bien-être au travail',
      'Sommeil réparateur',
    ]);
  });

  it('sorts by duration in full seconds (59 s before 61 s), unknown durations last', async () => {
    expect(await titles({ sort: 'DURATION_SHORT' })).toEqual([
      'Équilibre alimentaire',
      'Alimentation et cœur',
      'Sommeil réparateur',
      'Remèdes traditionnels du Sahel',
      'Bien-être au travail',
      'Yoga doux',
    ]);
    expect(await titles({ sort: 'DURATION_LONG' })).toEqual([
      'Bien-être au travail',
      'Remèdes traditionnels du Sahel',
      'Sommeil réparateur',
      'Alimentation et cœur',
      'Équilibre alimentaire',
      'Yoga doux',
    ]);
  });

  it('sorts titles A to Z and Z to A with accented letters among their plain ones', async () => {
    const az = ['Alimentation et cœur', 'Bien-être au travail', 'Équilibre alimentaire', 'Remèdes traditionnels du Sahel', 'Sommeil réparateur', 'Yoga doux'];
    expect(await titles({ sort: 'A_Z' })).toEqual(az);
    expect(await titles({ sort: 'Z_A' })).toEqual([...az].reverse());
  });
});

describe('paginating the video catalogue', () => {
  it('pages 12 at a time by default and counts every match', async () => {
    const res = await t.query<{ videos: Page }>(VIDEOS, {});
    expect(res.data!.videos).toMatchObject({ total: 6, page: 1, pageSize: 12, totalPages: 1 });
  });

  it('returns the right slice of each page, without overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => t.query<{ videos: Page }>(VIDEOS, { sort: 'A_Z', page, pageSize: 4 })));
    const [p1, p2, p3] = pages.map((r) => r.data!.videos);
    expect(p1!.items.map((v) => v.title)).toEqual(['Alimentation et cœur', 'Bien-être au travail', 'Équilibre alimentaire', 'Remèdes traditionnels du Sahel']);
    expect(p2!.items.map((v) => v.title)).toEqual(['Sommeil réparateur', 'Yoga doux']);
    expect(p3!.items).toEqual([]);
    expect(p1).toMatchObject({ total: 6, page: 1, pageSize: 4, totalPages: 2 });
    expect(p2).toMatchObject({ total: 6, page: 2, totalPages: 2 });
  });

  it('counts the matches of a search, not the whole catalogue', async () => {
    const res = await t.query<{ videos: Page }>(VIDEOS, { filter: { category: 'nutrition' }, pageSize: 1 });
    expect(res.data!.videos).toMatchObject({ total: 2, totalPages: 2 });
    expect(res.data!.videos.items).toHaveLength(1);
  });
});

describe('a video and its neighbours', () => {
  it('lists up to 3 similar videos of the same category, excluding itself', async () => {
    const ids: string[] = [];
    for (const title of ['Nutrition 1', 'Nutrition 2', 'Nutrition 3', 'Nutrition 4']) {
      ids.push(await t.insertVideo({ title, category: 'nutrition', createdAt: new Date(2020, 0, 1) }));
    }
    const res = await t.query<{ video: { title: string; similarVideos: Array<{ title: string; category: string }> } }>(
      `query($id: ID!) { video(id: $id) { title similarVideos { title category } } }`,
      { id: ids[0] },
    );
    const similar = res.data!.video.similarVideos;
    expect(similar).toHaveLength(3);
    expect(similar.every((v) => v.category === 'nutrition')).toBe(true);
    expect(similar.map((v) => v.title)).not.toContain('Nutrition 1');
    // Newest of the same category first.
    expect(similar.map((v) => v.title).slice(0, 2)).toEqual(['Équilibre alimentaire', 'Alimentation et cœur']);
    await t.sql.query(`DELETE FROM catalogue.videos WHERE id = ANY($1::uuid[])`, [ids]);
  });

  it('counts the videos of each category, with French labels, zero included', async () => {
    const res = await t.query<{ videoCategories: Array<{ id: string; label: string; count: number }> }>(`{ videoCategories { id label count } }`);
    expect(res.data!.videoCategories).toEqual([
      { id: 'exercise', label: 'Exercices', count: 1 },
      { id: 'nutrition', label: 'Nutrition', count: 2 },
      { id: 'wellbeing', label: 'Bien-être', count: 1 },
      { id: 'sleep', label: 'Sommeil', count: 1 },
      { id: 'health', label: 'Santé', count: 1 },
    ]);
  });

  it('gives the newest video for the home page', async () => {
    const res = await t.query<{ latestVideo: { title: string } }>(`{ latestVideo { title } }`);
    expect(res.data!.latestVideo.title).toBe('Remèdes traditionnels du Sahel');
  });

  it('answers null for an unknown or malformed id', async () => {
    const res = await t.query(`{ a: video(id: "00000000-0000-4000-8000-000000000000") { id } b: video(id: "1") { id } }`);
    expect(res.data).toEqual({ a: null, b: null });
  });

  it('does not expose the media URL of a video in public queries, but gives administrators signed URLs', async () => {
    const q = `{ latestVideo { ${VIDEO_FIELDS} fileSize contentType } }`;
    const visitor = await t.query<{ latestVideo: Record<string, unknown> }>(q);
    const customer = await t.asCustomer<{ latestVideo: Record<string, unknown> }>(q);
    for (const r of [visitor, customer]) {
      expect(r.data!.latestVideo).toMatchObject({ playbackUrl: null, downloadUrl: null, fileSize: null, contentType: null });
      expect(JSON.stringify(r.data)).not.toMatch(/\/media\/videos\/test-/);
    }
    const admin = await t.asAdmin<{ latestVideo: { playbackUrl: string; downloadUrl: string } }>(q);
    expect(admin.data!.latestVideo.playbackUrl).toMatch(/^\/media\/videos\/test-[0-9a-f-]+\.mp4\?exp=\d+&sig=/);
    expect(admin.data!.latestVideo.downloadUrl).toMatch(/&dl=Rem%C3%A8des\+traditionnels\+du\+Sahel\.mp4$/);
  });

  it('shows prices in cents of USD, $3.59 by default', async () => {
    const res = await t.query<{ videos: { items: Array<{ priceCents: number; currency: string }> } }>(`{ videos(sort: NEWEST, pageSize: 1) { items { priceCents currency } } }`);
    expect(res.data!.videos.items[0]).toEqual({ priceCents: 359, currency: 'USD' });
  });
});
