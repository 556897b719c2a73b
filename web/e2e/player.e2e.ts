import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newVisitor, signUpCustomer, uniqueEmail } from './harness';
import { db, grantVideo, readyDemoVideo, type DemoVideo } from './support/videos';

/*
 * The player against the whole stack (gateway, catalogue's streaming routes, a demo video through
 * the real pipeline): a buyer plays the full video from the lowest rung and resumes after a
 * reload; a signed-in customer who did not buy plays the free preview and is offered the purchase
 * at its end; data saver keeps the lowest rung.
 */

const browser = browserForFile();
let buyer: { context: BrowserContext; page: Page; email: string };
let viewer: { context: BrowserContext; page: Page; email: string };
let video: DemoVideo;

const player = (page: Page) => page.getByTestId('video-player');

async function playerState(page: Page, state: string, timeout = 30_000): Promise<void> {
  await page.locator(`[data-testid="video-player"][data-state="${state}"]`).waitFor({ timeout });
}

const currentTime = (page: Page) => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function playedBeyond(page: Page, seconds: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction((s) => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > s, seconds, { timeout });
}

async function startFromThumbnail(page: Page): Promise<void> {
  await page.goto(`/videos/${video.id}`);
  await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
  await page.getByTestId('thumbnail-play').click();
  await playerState(page, 'playing');
}

beforeAll(async () => {
  video = await readyDemoVideo();
  const [b, v] = await Promise.all([newVisitor(browser, { mobile: false }), newVisitor(browser)]);
  buyer = { ...b, email: uniqueEmail('spectatrice') };
  viewer = { ...v, email: uniqueEmail('curieux') };
  await Promise.all([
    // The buyer lets LBF keep where they stopped (the health-data consent): the resume below needs it.
    signUpCustomer(buyer.page, { firstName: 'Ngozi', lastName: 'Eyenga', email: buyer.email, phone: '677123456', healthDataConsent: true }),
    signUpCustomer(viewer.page, { firstName: 'Ngozi', lastName: 'Eyenga', email: viewer.email, phone: '677123456' }),
  ]);
  await grantVideo(buyer.email, video.id);
}, 300_000);

describe('the video player', () => {
  it('plays a purchased video from the lowest rung, counts a view after 10 s, and resumes after a reload', async () => {
    const { page } = buyer;
    const views: Array<{ counted: boolean }> = [];
    page.on('response', async (res) => {
      if (!(res.request().postData() ?? '').includes('CountVideoView')) return;
      const body = (await res.json().catch(() => null)) as { data?: { countVideoView?: { counted: boolean } } } | null;
      if (body?.data?.countVideoView) views.push(body.data.countVideoView);
    });
    // The picture's segments in the order they were asked for (whoever asked: hls.js, or the page ahead of it).
    const pictureSegments: string[] = [];
    const onRequest = (req: { url(): string }) => {
      const file = /\/media\/stream\/[^/]+\/(\d+p)\/seg_\d+\.m4s/.exec(req.url())?.[1];
      if (file) pictureSegments.push(file);
    };
    page.on('request', onRequest);
    await startFromThumbnail(page);
    expect(await player(page).getAttribute('data-mode')).toBe('FULL');
    const first = await currentTime(page);
    await playedBeyond(page, first + 2);
    page.off('request', onRequest);
    // The first segment is the lowest rung's (hls.js's startLevel 0); adaptive streaming may climb after it.
    const heights = pictureSegments.map((rung) => Number.parseInt(rung, 10));
    expect(heights[0]).toBe(Math.min(...video.renditions.filter((r) => r.height !== null).map((r) => r.height!)));

    await playedBeyond(page, 11);
    const deadline = Date.now() + 10_000;
    while (!views.length && Date.now() < deadline) await page.waitForTimeout(200);
    expect(views.map((v) => v.counted)).toEqual([true]);

    const saved = page.waitForResponse((res) => (res.request().postData() ?? '').includes('SaveWatchProgress'));
    await player(page).getByRole('button', { name: 'Pause', exact: true }).click();
    await playerState(page, 'paused');
    const pausedAt = await currentTime(page);
    await saved;
    const [row] = await db<{ position_seconds: number }>(
      'SELECT position_seconds FROM catalogue.watch_progress WHERE video_id = $1 AND user_id = (SELECT id FROM identity.users WHERE email = $2)',
      [video.id, buyer.email],
    );
    expect(Math.abs(row!.position_seconds - pausedAt)).toBeLessThan(1.5);

    await page.reload();
    await page.getByTestId('thumbnail-play').click();
    await playerState(page, 'playing');
    const resumedAt = await currentTime(page);
    expect(resumedAt).toBeGreaterThanOrEqual(pausedAt - 1.5);
    expect(resumedAt).toBeLessThan(pausedAt + 8);
  }, 150_000);

  it('fetches the early playback code on a lesson page only, not on the other pages a signed-in viewer opens', async () => {
    const { page } = buyer;
    const early: string[] = [];
    const onRequest = (req: { url(): string }) => {
      if (/\/assets\/early-session-[^/]+\.js$/.test(req.url())) early.push(new URL(page.url()).pathname);
    };
    page.on('request', onRequest);
    // The home, server-rendered: the session is known once the page has gone live as the viewer's.
    await page.goto('/');
    await page.getByTestId('auth-slot').getByRole('button', { name: /Mon compte/ }).waitFor();
    await page.waitForTimeout(500);
    expect(early).toEqual([]);
    await page.goto(`/videos/${video.id}`);
    await page.getByTestId('thumbnail-play').waitFor();
    page.off('request', onRequest);
    expect(early.length).toBeGreaterThan(0);
  }, 60_000);

  it('fetches the session, the key and the first segment while the page shows the poster, and only that, so the press just plays', async () => {
    const { page } = buyer;
    // The previous test's player is still fetching: leave its page first, or its requests count here.
    await page.goto('about:blank');
    const before: string[] = [];
    const ahead: string[] = [];
    let pressed = false;
    const onRequest = (req: { url(): string; postData(): string | null }) => {
      if (pressed) return;
      if ((req.postData() ?? '').includes('StartPlayback')) before.push('startPlayback');
      const file = /\/media\/stream\/[^/]+\/(.+)$/.exec(req.url().split('?')[0]!)?.[1];
      if (file) before.push(file);
      // Asked for with the session, not as hls.js reads its playlists (features/player/first-pieces.ts).
      if (file && req.url().includes('avance=1')) ahead.push(file);
    };
    page.on('request', onRequest);
    await page.goto(`/videos/${video.id}`);
    await page.getByTestId('thumbnail-play').waitFor();
    // Nobody pressed anything: the hidden player takes its session and fetches the first segment.
    await player(page).and(page.locator('[data-state="paused"]')).waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.buffered.length ?? 0) > 0, null, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(before).toContain('startPlayback');
    expect(before).toContain('key');
    expect(before.some((f) => /init\.mp4$/.test(f))).toBe(true);
    const segments = before.filter((f) => /seg_\d+\.m4s$/.test(f));
    expect(segments.length).toBeGreaterThan(0);
    // A few segments of a rung only, not hls.js's 30 s (15 segments): a page opened and left costs little.
    // (At a resume point hls.js fetches a couple more before the media seeks there: this buyer resumes.)
    const perFolder = new Map<string, number>();
    for (const f of segments) perFolder.set(f.split('/')[0]!, (perFolder.get(f.split('/')[0]!) ?? 0) + 1);
    expect(Math.max(...perFolder.values())).toBeLessThanOrEqual(4);
    // The playlists, the key and the init segments came with the session, at once, and hls.js took
    // them from there: each was fetched once.
    expect(ahead).toEqual(expect.arrayContaining(['master.m3u8', 'audio/index.m3u8', 'key', 'audio/init.mp4']));
    const playlistsAndKeys = before.filter((f) => !/seg_\d+\.m4s$/.test(f) && f !== 'startPlayback');
    expect(playlistsAndKeys.length).toBe(new Set(playlistsAndKeys).size);
    expect(await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    pressed = true;
    page.off('request', onRequest);
    await page.getByTestId('thumbnail-play').click();
    await playerState(page, 'playing');
    expect(before.filter((f) => f === 'startPlayback')).toHaveLength(1);
  }, 90_000);

  it('keeps the lowest rung with data saver on, and says what the lesson costs that way', async () => {
    const { page } = buyer;
    await page.goto(`/videos/${video.id}`);
    const saver = page.getByRole('switch', { name: /Économiseur de données/ });
    await saver.waitFor();
    expect(await saver.innerText()).toMatch(/≈ [\d,]+ Mo pour cette leçon/);
    if ((await saver.getAttribute('aria-checked')) !== 'true') await saver.click();
    expect(await saver.getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('thumbnail-play').click();
    await playerState(page, 'playing');
    const from = await currentTime(page);
    await playedBeyond(page, from + 8);
    const levels = (await player(page).getAttribute('data-levels'))!.split(',');
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.every((level) => level === '0')).toBe(true);
    // Back to adaptive for whoever uses this browser next.
    await saver.click();
  }, 90_000);

  it('takes a new playback session when a request is refused (an expired token) and goes on from the same place', async () => {
    const { page } = buyer;
    const sessions: string[] = [];
    const onRequest = (req: { postData(): string | null }) => {
      if ((req.postData() ?? '').includes('StartPlayback')) sessions.push('startPlayback');
    };
    page.on('request', onRequest);
    await startFromThumbnail(page);
    // Only the sessions taken from here on: the one that recovers from the refusal.
    sessions.length = 0;
    const before = await currentTime(page);
    // The next segment is refused as the stream routes refuse an expired token (403).
    let refusedAt: number | null = null;
    await page.route('**/media/stream/**', async (route) => {
      if (refusedAt === null && /\/seg_\d+\.m4s$/.test(route.request().url())) {
        refusedAt = await currentTime(page).catch(() => -1);
        return route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"Cette session de lecture a expiré."}' });
      }
      return route.continue();
    });
    await playedBeyond(page, before + 6);
    await page.unroute('**/media/stream/**');
    page.off('request', onRequest);
    expect(refusedAt).not.toBeNull();
    expect(sessions).toHaveLength(1);
    expect(await player(page).getAttribute('data-state')).toBe('playing');
  }, 90_000);

  it('plays the free preview to a signed-in customer who did not buy, then offers the purchase', async () => {
    const { page } = viewer;
    await page.goto(`/videos/${video.id}`);
    await page.getByText('Aperçu gratuit disponible').waitFor();
    await page.getByRole('button', { name: "Lire l'aperçu" }).click();
    await playerState(page, 'playing');
    expect(await player(page).getAttribute('data-mode')).toBe('PREVIEW');
    const duration = await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeLessThanOrEqual(video.previewSeconds + 2);
    // Near the end of the preview, to keep the test short.
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 2);
    });
    await playerState(page, 'ended', 30_000);
    const offer = page.getByTestId('player-offer');
    await offer.getByText("Fin de l'aperçu gratuit").waitFor();
    await offer.getByTestId('offer-mtn').click();
    await page.getByTestId('checkout-dialog').waitFor();
  }, 90_000);
});
