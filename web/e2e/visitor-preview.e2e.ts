import type { Page } from 'playwright-core';
import { browserForFile, newVisitor, signUpCustomer, uniqueEmail } from './harness';
import { readyDemoVideo, type DemoVideo } from './support/videos';

/*
 * The spec's "visitors … see a free preview of videos", against the whole stack: a signed-out
 * visitor plays a demo video's free preview (the preview rendition only, never the key), the view
 * counts after 10 s, and at its end the offer's payment method leads to sign-in and straight back
 * to the same video with that method's payment dialog open.
 */

const browser = browserForFile();
let video: DemoVideo;
let customerEmail: string;

const player = (page: Page) => page.getByTestId('video-player');

/** Waits for the player's state; a timeout says which state it was in, and what the page logged. */
async function playerState(page: Page, state: string, timeout = 30_000): Promise<void> {
  await page
    .locator(`[data-testid="video-player"][data-state="${state}"]`)
    .waitFor({ timeout })
    .catch(async (err: unknown) => {
      const actual = await player(page)
        .getAttribute('data-state', { timeout: 1_000 })
        .catch(() => 'no player');
      throw new Error(`the player is "${actual}", not "${state}" (${String(err)}); page log:\n${pageLog.join('\n')}`);
    });
}

/** What the visitor's page logged (errors and warnings), for a failure's message. */
const pageLog: string[] = [];

beforeAll(async () => {
  video = await readyDemoVideo();
  // The account the visitor signs in with once the preview has convinced them.
  const other = await newVisitor(browser);
  customerEmail = uniqueEmail('apercu');
  await signUpCustomer(other.page, { firstName: 'Aïssatou', lastName: 'Mbarga', email: customerEmail, phone: '677123456' });
  await other.context.close();
}, 300_000);

describe('the free preview for a signed-out visitor', () => {
  it('plays the preview, counts the view, and at its end leads to sign-in and back to the same video with the payment dialog open', async () => {
    const { page } = await newVisitor(browser);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') pageLog.push(`${m.type()}: ${m.text()}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) pageLog.push(`${res.status()} ${res.url()}`);
    });
    const sessions: Array<{ mode: string }> = [];
    const views: Array<{ counted: boolean }> = [];
    const streamPaths: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/media/stream/')) streamPaths.push(new URL(req.url()).pathname.replace(/^\/media\/stream\/[^/]+\//, ''));
    });
    page.on('response', async (res) => {
      const post = res.request().postData() ?? '';
      if (!post.includes('StartPlayback') && !post.includes('CountVideoView')) return;
      const body = (await res.json().catch(() => null)) as {
        data?: { startPlayback?: { session: { mode: string } | null }; countVideoView?: { counted: boolean } };
      } | null;
      if (body?.data?.startPlayback?.session) sessions.push(body.data.startPlayback.session);
      if (body?.data?.countVideoView) views.push(body.data.countVideoView);
    });

    await page.goto(`/video/${video.id}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    await page.getByTestId('free-preview-badge').getByText('Aperçu gratuit disponible').waitFor();
    await page.getByRole('button', { name: "Lire l'aperçu" }).click();
    await playerState(page, 'playing');
    expect(await player(page).getAttribute('data-mode')).toBe('PREVIEW');
    expect(sessions.map((s) => s.mode)).toEqual(['PREVIEW']);
    const duration = await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeLessThanOrEqual(video.previewSeconds + 2);

    // A view, once 10 s have played (once per visitor and day: the server decides).
    await page.waitForFunction(() => ((document.querySelector('[data-testid="player-video"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 11, null, {
      timeout: 60_000,
    });
    const deadline = Date.now() + 10_000;
    while (!views.length && Date.now() < deadline) await page.waitForTimeout(200);
    expect(views.map((v) => v.counted)).toEqual([true]);

    // Near the end of the preview, to keep the test short.
    await page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 2);
    });
    await playerState(page, 'ended', 30_000);
    // The preview's files only: clear segments, no key asked for.
    expect(streamPaths.length).toBeGreaterThan(0);
    expect(streamPaths).not.toContain('key');

    const offer = page.getByTestId('player-offer');
    await offer.getByText("Fin de l'aperçu gratuit").waitFor();
    await offer.getByTestId('offer-mtn').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/video/${video.id}?payer=MTN`);

    const form = page.getByRole('form', { name: 'Connexion' });
    await form.getByLabel('Email').fill(customerEmail);
    await form.getByLabel('Mot de passe', { exact: true }).fill('secret-lbf');
    await form.getByRole('button', { name: 'Se connecter' }).click();

    // Back on the same video, signed in, with MTN Mobile Money's payment dialog open.
    const dialog = page.getByTestId('checkout-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/video/${video.id}`);
    await dialog.getByRole('heading', { name: 'MTN Mobile Money' }).waitFor();
    // …for this video.
    expect((await dialog.getByTestId('checkout-item').innerText()).replace(/\u00a0/g, ' ')).toContain(video.title);
    // The parameter is spent: a reload does not open the dialog again.
    await page.waitForURL((url) => !url.searchParams.has('payer'));
  }, 180_000);
});
