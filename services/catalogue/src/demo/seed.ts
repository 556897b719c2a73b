import type { Logger, UnitOfWork } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { CONTENT_CATEGORY_LABELS, type ContentCategory } from '../shared/categories';
import { CURRENCY, DEFAULT_PDF_PRICE_CENTS, DEFAULT_VIDEO_PRICE_CENTS } from '../shared/money';
import { insertArticle, insertTestimonial, readTimeMinutes, sanitizeArticleHtml, settingsEventData } from '../content';
import { insertItemRow } from '../items';
import { normalizeText, searchDocument } from '../shared/search';
import type { Article, Testimonial } from '../content/records';
import type { CatalogueItem, ContentCredits, Pdf, Video } from '../shared/records';
import { itemEvent } from '../shared/item-events';
import { countPdfPages, type Bucket, type ObjectStore } from '../media';
import { DEMO_ARTICLES, DEMO_PDFS, DEMO_TESTIMONIALS, DEMO_VIDEOS, GUIDE_DISCLAIMER } from './demo-content';
import { detectTools, generateGuidePdf, generateImage, generateThumbnail, generateVideo, type MediaTools } from './generate-media';

export const DEMO_SEED = 'demo-content-v1';
/** Serialises seeds started together (two `npm start`s). */
const SEED_LOCK = 4102_0002;

export type SeedOutcome = { seeded: true; videos: number; pdfs: number; articles: number; testimonials: number; ms: number } | { seeded: false; reason: string };

const DAY = 86_400_000;

/** Runs `fn` over items with at most `n` at once. */
async function pool<T, R>(items: T[], n: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= items.length) return;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Loads the demo catalogue once, into an empty catalogue: files are generated and stored first,
 * then every row (and each PDF's catalogue.item.published event) commits in one transaction with
 * the seed's marker. Videos go in pending and unpublished: the running service's sweep puts them
 * through the streaming pipeline, which publishes each once its ladder is ready. A later run, or one after an administrator emptied the
 * catalogue, changes nothing. Files stored by a run that fails are deleted again.
 */
export async function seedDemo(args: {
  ds: DataSource;
  uow: UnitOfWork;
  store: ObjectStore;
  log: Logger;
  ffmpegPath: string;
  now?: Date;
  /** Shorter demo videos (test stacks): each at most this long. */
  maxVideoSeconds?: number;
}): Promise<SeedOutcome> {
  const started = Date.now();
  const lock = args.ds.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    const [state] = (await args.ds.query(`SELECT
        EXISTS (SELECT 1 FROM seed_runs WHERE name = $1) AS ran,
        EXISTS (SELECT 1 FROM videos) OR EXISTS (SELECT 1 FROM pdfs) OR EXISTS (SELECT 1 FROM articles) OR EXISTS (SELECT 1 FROM testimonials) AS has_content`,
      [DEMO_SEED],
    )) as Array<{ ran: boolean; has_content: boolean }>;
    if (state!.ran) return { seeded: false, reason: 'already loaded once' };
    if (state!.has_content) return { seeded: false, reason: 'the catalogue is not empty' };

    const stored: Array<{ bucket: Bucket; key: string }> = [];
    const dir = await mkdtemp(join(tmpdir(), 'lbf-demo-'));
    try {
      const tools = await detectTools(args.ffmpegPath);
      const put = async (bucket: Bucket, key: string, file: string | Uint8Array, contentType: string) => {
        const body = typeof file === 'string' ? await readFile(file) : Buffer.from(file);
        const info = await args.store.put(bucket, key, body, { contentType });
        stored.push({ bucket, key });
        return info.size;
      };
      const result = await buildRows(args, tools, dir, put);
      await args.uow.run(async ({ manager, emit }) => {
        for (const v of result.videos) await insertItemRow(manager, 'videos', v);
        for (const p of result.pdfs) await insertItemRow(manager, 'pdfs', p);
        for (const a of result.articles) await insertArticle(manager, a);
        for (const t of result.testimonials) await insertTestimonial(manager, t);
        // Videos are published by the streaming pipeline once their ladder is ready (the service's sweep picks them up).
        for (const p of result.pdfs) await emit('catalogue.item.published', itemEvent(p, 'pdf'));
        // The site settings as they stand, so messaging's mails carry the demo's name and contact from the start.
        await emit('catalogue.settings.updated', await settingsEventData(manager));
        await manager.query('INSERT INTO seed_runs (name) VALUES ($1)', [DEMO_SEED]);
      });
      return {
        seeded: true,
        videos: result.videos.length,
        pdfs: result.pdfs.length,
        articles: result.articles.length,
        testimonials: result.testimonials.length,
        ms: Date.now() - started,
      };
    } catch (err) {
      for (const o of stored) await args.store.delete(o.bucket, o.key).catch(() => undefined);
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

type Put = (bucket: Bucket, key: string, file: string | Uint8Array, contentType: string) => Promise<number>;

/** What the demo's file makers share: the run's options, ffmpeg and its font, the work folder, the store's put, the seed's date. */
interface DemoFiles {
  args: { log: Logger; now?: Date; maxVideoSeconds?: number };
  tools: MediaTools;
  dir: string;
  put: Put;
  now: Date;
}

/** The demo's « Par », « Relu par » and « Mis à jour le » (the day it went out). */
function demoCredits(d: { author: string; reviewer: string | null }, at: Date): { author: string } & ContentCredits {
  return { author: d.author, reviewer: d.reviewer, contentUpdatedOn: at.toISOString().slice(0, 10) };
}

/** What a demo video and a demo guide fill alike: their text, price, credits, search copies and dates. */
function demoItem(
  d: { title: string; description: string; category: ContentCategory; author: string; reviewer: string | null },
  priceCents: number,
  createdAt: Date,
): Omit<CatalogueItem, 'rating' | 'publishedAt'> {
  return {
    id: randomUUID(),
    title: d.title,
    description: d.description,
    category: d.category,
    priceCents,
    currency: CURRENCY,
    ...demoCredits(d, createdAt),
    downloadCount: 0,
    searchText: searchDocument(d.title, d.description),
    titleKey: normalizeText(d.title),
    createdAt,
    updatedAt: createdAt,
  };
}

async function demoVideoRows(ctx: DemoFiles) {
  const { args, tools, dir, put, now } = ctx;
  const videoType = tools.videoFormat === 'mp4' ? 'video/mp4' : 'video/webm';
  return await pool(DEMO_VIDEOS, 4, async (d, i) => {
    const label = CONTENT_CATEGORY_LABELS[d.category];
    const durationSeconds = args.maxVideoSeconds ? Math.min(d.durationSeconds, args.maxVideoSeconds) : d.durationSeconds;
    const file = await generateVideo(tools, dir, `video-${i}`, { title: d.title, label, color: d.color, durationSeconds, topics: d.learnItems });
    // No title on the thumbnail: the card prints it under the picture (and a phone's play button would cover it).
    const frame = await generateThumbnail(tools, dir, `video-${i}-thumb`, { color: d.color });
    const videoKey = `demo-video-${d.slug}.${tools.videoFormat}`;
    const thumbnailKey = `demo-video-${d.slug}-thumb.jpg`;
    const size = await put('videos', videoKey, file, videoType);
    await put('videos', thumbnailKey, frame, 'image/jpeg');
    let presenterPhotoKey: string | null = null;
    if (d.presenter) {
      const photo = await generateImage(tools, dir, `presenter-${i}`, {
        width: 320,
        height: 320,
        color: d.color,
        lines: [{ text: d.presenter.initials, size: 110, y: '(h-text_h)/2' }],
      });
      presenterPhotoKey = `demo-presenter-${d.slug}.jpg`;
      await put('videos', presenterPhotoKey, photo, 'image/jpeg');
    }
    // The first video is the newest; one day between each.
    const createdAt = new Date(now.getTime() - i * DAY);
    const v: Partial<Video> = ({
      ...demoItem(d, DEFAULT_VIDEO_PRICE_CENTS, createdAt),
      durationSeconds,
      presenterName: d.presenter?.name ?? null,
      presenterTitle: d.presenter?.title ?? null,
      presenterPhotoKey,
      learnItems: d.learnItems,
      videoKey,
      videoContentType: videoType,
      videoSize: size,
      thumbnailKey,
      // Counted from real use only (see demo-content.ts).
      viewCount: 0,
      publishedAt: null,
      processingState: 'pending',
      processingProgress: 0,
      processingVersion: null,
      processingUpdatedAt: null,
    });
    return v;
  });
}

async function demoPdfRows(ctx: DemoFiles) {
  const { tools, dir, put, now } = ctx;
  return await pool(DEMO_PDFS, 3, async (d, i) => {
    const label = CONTENT_CATEGORY_LABELS[d.category];
    const illustration = await generateImage(tools, dir, `guide-${i}`, {
      width: 800,
      height: 450,
      color: d.color,
      lines: [
        { text: `GUIDE PDF - ${label.toUpperCase()}`, size: 22, y: '60' },
        { text: wrapTitle(d.title), size: 38, y: '(h-text_h)/2' },
      ],
    });
    const illustrationBytes = await readFile(illustration);
    const bytes = await generateGuidePdf({
      title: d.title,
      description: d.description,
      categoryLabel: label,
      color: d.color,
      illustrationJpeg: illustrationBytes,
      sections: [...d.sections, GUIDE_DISCLAIMER],
    });
    const fileKey = `demo-guide-${d.slug}.pdf`;
    const illustrationKey = `demo-guide-${d.slug}-illustration.jpg`;
    const size = await put('pdfs', fileKey, bytes, 'application/pdf');
    await put('pdfs', illustrationKey, illustrationBytes, 'image/jpeg');
    const createdAt = new Date(now.getTime() - (i * DAY + DAY / 2));
    const p: Pdf = ({
      ...demoItem(d, DEFAULT_PDF_PRICE_CENTS, createdAt),
      fileKey,
      fileSize: size,
      pageCount: await countPdfPages(bytes),
      illustrationKey,
      rating: null,
      publishedAt: createdAt,
    });
    return p;
  });
}

async function demoArticleRows(ctx: DemoFiles) {
  const { tools, dir, put, now } = ctx;
  return await pool(DEMO_ARTICLES, 4, async (d, i) => {
    const image = await generateImage(tools, dir, `article-${i}`, {
      width: 960,
      height: 540,
      color: d.color,
      lines: [{ text: wrapTitle(d.title), size: 42, y: '(h-text_h)/2' }],
    });
    const imageKey = `demo-article-${d.slug}.jpg`;
    await put('pdfs', imageKey, image, 'image/jpeg');
    const bodyHtml = sanitizeArticleHtml(d.bodyHtml);
    const publishedAt = new Date(now.getTime() - d.daysAgo * DAY);
    const a: Article = ({
      id: randomUUID(),
      title: d.title,
      excerpt: d.excerpt,
      bodyHtml,
      ...demoCredits(d, publishedAt),
      category: d.category,
      imageKey,
      readTimeMinutes: readTimeMinutes(bodyHtml),
      status: 'published' as const,
      publishedAt,
      searchText: searchDocument(d.title, d.excerpt),
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
    return a;
  });
}

async function demoTestimonialRows(ctx: DemoFiles) {
  const { now } = ctx;
  return DEMO_TESTIMONIALS.map(
    (d): Testimonial => ({
      id: randomUUID(),
      name: d.name,
      location: d.location,
      content: d.content,
      rating: d.rating,
      videoTitle: d.videoTitle,
      isActive: true,
      createdAt: new Date(now.getTime() - d.daysAgo * DAY),
    }),
  );
}

async function buildRows(args: { log: Logger; now?: Date; maxVideoSeconds?: number }, tools: MediaTools, dir: string, put: Put) {
  const ctx: DemoFiles = { args, tools, dir, put, now: args.now ?? new Date() };
  const videos = await demoVideoRows(ctx);
  const pdfs = await demoPdfRows(ctx);
  const articles = await demoArticleRows(ctx);
  const testimonials = await demoTestimonialRows(ctx);
  args.log.info({ videos: videos.length, pdfs: pdfs.length, articles: articles.length, format: tools.videoFormat, text: !!tools.font }, 'demo files generated');
  return { videos, pdfs, articles, testimonials };
}

function wrapTitle(title: string): string {
  const words = title.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && (line + ' ' + w).length > 28) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
