import type { BrowserContext, Locator, Page } from 'playwright-core';
import { formatDataSize } from '../src/lib/format/data-size';
import { browserForFile, shotPath } from './harness';
import { db, demoVideoAndOwner, type DemoVideo } from './support/videos';

/*
 * Issue 25 point 3, « Megabytes before pressing play », against the whole stack on a phone-sized
 * screen: the lesson's size for the chosen quality and for audio only, the choice remembered on the
 * device and applied at start, and the month's lesson data reported and shown on the dashboard.
 */

const browser = browserForFile();
let viewer: { context: BrowserContext; page: Page; email: string };
let video: DemoVideo;

/** An init or media segment of a playback session (what lesson data counts). */
/** A lesson's init or media segment, whether hls.js asked for it or the page did ahead of it (?avance=1, features/player/first-pieces.ts). */
const MEDIA = /\/media\/stream\/[^/]+\/.+\/(?:init\.mp4|seg_\d+\.m4s)(?:\?avance=1)?$/;

async function untilText(locator: Locator, pattern: RegExp, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = ((await locator.textContent({ timeout }).catch(() => '')) ?? '').replace(/\s+/g, ' ').trim();
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`"${text}" never matched ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function checked(sw: Locator, on: boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await sw.getAttribute('aria-checked').catch(() => null)) !== String(on)) {
    if (Date.now() > deadline) throw new Error(`the switch never became ${on ? 'on' : 'off'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const lessonBytes = async (email: string) =>
  Number(
    (await db<{ bytes: string }>('SELECT bytes FROM catalogue.lesson_data_use WHERE user_id = (SELECT id FROM identity.users WHERE email = $1)', [email]))[0]?.bytes ?? 0,
  );

/**
 * The month's bytes once the pages left before have reported theirs: the video page fetches the
 * first segment before any press (the player is primed under the poster), so each view costs some.
 */
async function settledLessonBytes(page: Page, email: string): Promise<number> {
  await page.goto('/dashboard');
  let last = -1;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const now = await lessonBytes(email);
    if (now > 0 && now === last) return now;
    last = now;
    await page.waitForTimeout(1_000);
  }
  throw new Error(`the month's lesson data never settled (last ${last})`);
}

beforeAll(async () => {
  ({ video, owner: viewer } = await demoVideoAndOwner(browser, { firstName: 'Aïssatou', lastName: 'Bello', tag: 'econome' }));
}, 300_000);

describe('megabytes before pressing play', () => {
  it('shows the lesson’s size for the chosen quality and for audio only, and remembers the choice on this device', async () => {
    const { page } = viewer;
    await page.goto(`/videos/${video.id}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    const sizes = page.getByTestId('lesson-sizes');
    await untilText(sizes, /jusqu’à [\d,]+ Mo en qualité automatique · [\d,]+ Mo en audio seul$/);
    const saver = page.getByRole('switch', { name: /Économiseur de données/ });
    const audio = page.getByRole('switch', { name: /Audio seul/ });
    await saver.click();
    await untilText(sizes, /[^à] [\d,]+ Mo en qualité économique · [\d,]+ Mo en audio seul$/);
    await sizes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('lesson-sizes.png') });

    await page.reload();
    await checked(saver, true);
    await untilText(sizes, /[\d,]+ Mo en qualité économique · [\d,]+ Mo en audio seul$/);
    await audio.click();
    await untilText(sizes, /: [\d,]+ Mo en audio seul$/);
    await page.reload();
    await checked(audio, true);
    await checked(saver, true);
    await untilText(sizes, /: [\d,]+ Mo en audio seul$/);
  }, 60_000);

  it('starts on the remembered audio only, reports what the lesson downloaded, and the dashboard shows this month’s data', async () => {
    const { page } = viewer;
    const before = await settledLessonBytes(page, viewer.email);
    const media: string[] = [];
    let started = 0;
    let finished = 0;
    /** The segments' bodies, and their headers too: what came over the network lies between. */
    let bodies = 0;
    let headers = 0;
    let finishedMedia = '';
    page.on('request', (req) => {
      if (!MEDIA.test(req.url())) return;
      media.push(req.url());
      started++;
    });
    page.on('requestfinished', async (req) => {
      if (!MEDIA.test(req.url())) return;
      const sizes = await req.sizes();
      bodies += sizes.responseBodySize;
      headers += sizes.responseHeadersSize;
      finishedMedia += `\n${req.url().replace(/.*\/media\/stream\/[^/]+/, '')} ${sizes.responseHeadersSize} + ${sizes.responseBodySize}`;
      finished++;
    });
    page.on('requestfailed', (req) => {
      if (MEDIA.test(req.url())) finished++;
    });
    await page.goto(`/videos/${video.id}`);
    await page.getByTestId('thumbnail-play').click();
    const player = page.locator('[data-testid="video-player"][data-state="playing"]');
    await player.waitFor({ timeout: 30_000 });
    expect(await player.getAttribute('data-audio-only')).toBe('true');
    // The first file of the lesson fetched is already the remembered rendition's.
    expect(media[0]).toMatch(/\/audio\/init\.mp4(?:\?avance=1)?$/);
    expect(media.every((url) => url.includes('/audio/'))).toBe(true);
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 4, null, { timeout: 60_000 });

    const reported = page.waitForResponse((res) => (res.request().postData() ?? '').includes('RecordLessonData'));
    await page.getByTestId('video-player').getByRole('button', { name: 'Pause', exact: true }).click();
    const answer = (await (await reported).json()) as { data: { recordLessonData: { use: { bytes: number } | null } } };
    expect(answer.data.recordLessonData.use!.bytes).toBeGreaterThan(0);
    // Paused, hls.js fills its buffer (12 s ahead) and stops: then nothing is in flight.
    await page.waitForFunction(
      () => {
        const v = document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null;
        if (!v || v.buffered.length === 0) return false;
        const end = v.buffered.end(v.buffered.length - 1);
        return end - v.currentTime >= 11 || end >= v.duration - 0.5;
      },
      null,
      { timeout: 30_000 },
    );
    const deadline = Date.now() + 10_000;
    while (started !== finished && Date.now() < deadline) await page.waitForTimeout(100);
    expect(finished).toBe(started);

    // Leaving reports what came after the pause. The month then holds every segment's body plus an
    // estimate of its headers (Resource Timing counts 300 bytes each, not the real ones): no segment
    // missed, none counted twice (a copy from the browser's cache would be).
    await page.goto('/dashboard');
    const within = (kept: number) => kept - before >= bodies && kept - before <= bodies + headers;
    const until = Date.now() + 10_000;
    while (!within(await lessonBytes(viewer.email)) && Date.now() < until) await page.waitForTimeout(200);
    const kept = await lessonBytes(viewer.email);
    if (!within(kept)) throw new Error(`kept ${kept} bytes (${before} before), bodies ${bodies}, headers ${headers}:${finishedMedia}`);

    await page.reload();
    const line = page.getByTestId('lesson-data-used');
    const text = await untilText(line, /^Données utilisées ce mois-ci par les leçons : [\d,]+ Mo$/);
    expect(text).toBe(`Données utilisées ce mois-ci par les leçons : ${formatDataSize(kept)}`);
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('dashboard-lesson-data.png') });
  }, 150_000);
});
