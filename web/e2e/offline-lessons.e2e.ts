import type { BrowserContext, Page, Request } from 'playwright-core';
import { browserForFile, shotPath } from './harness';
import { db, demoVideoAndOwner, type DemoVideo } from './support/videos';

/*
 * Issue 25 point 2, offline lessons, against the whole stack on a phone-sized screen: a buyer
 * downloads a lesson (still encrypted, in Cache Storage, with its licence), plays it to the end with
 * the browser offline, finds it in « Mes téléchargements » and removes it; a download cut by a
 * dropped connection resumes without fetching again what it had stored; a refund removes the copy
 * at the next renewal and says why.
 */

const browser = browserForFile();
let buyer: { context: BrowserContext; page: Page; email: string };
let video: DemoVideo;

/** A file of an offline copy's download (the marked requests of features/offline-lessons). */
const COPY_FILE = /\/media\/stream\/[^/]+\/(.+)\?copie=hors-ligne$/;

type Kept = { state: string; bytesStored: number; bytesTotal: number; rendition: string; licence: { expiresAt: string; key: string } } | null;

const kept = (page: Page): Promise<Kept> =>
  page.evaluate((id) => (JSON.parse(localStorage.getItem('lbf-offline-lessons') ?? '{}') as Record<string, Kept>)[id] ?? null, video.id);

const cachedFiles = (page: Page): Promise<string[]> =>
  page.evaluate(async (id) => {
    const cache = await caches.open('offline-lessons-v1');
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith(`/__offline/${id}/`));
  }, video.id);

async function untilKept(page: Page, check: (k: Kept) => boolean, what: string, timeout = 60_000): Promise<Kept> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const now = await kept(page);
    if (check(now)) return now;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(now)}`);
    await page.waitForTimeout(100);
  }
}

async function openDownload(page: Page, quality: RegExp): Promise<void> {
  await page.goto(`/videos/${video.id}`);
  const panel = page.getByTestId('offline-download');
  await panel.getByRole('button', { name: 'Télécharger pour regarder hors ligne' }).click();
  await panel.getByRole('radio', { name: quality }).check();
  await panel.getByRole('button', { name: 'Lancer le téléchargement' }).click();
}

const offlineBytes = async () =>
  Number(
    (await db<{ offline_bytes: string }>('SELECT offline_bytes FROM catalogue.lesson_data_use WHERE user_id = (SELECT id FROM identity.users WHERE email = $1)', [buyer.email]))[0]
      ?.offline_bytes ?? 0,
  );

beforeAll(async () => {
  ({ video, owner: buyer } = await demoVideoAndOwner(browser, { firstName: 'Mireille', lastName: 'Ndongo', tag: 'hors-ligne' }));
}, 300_000);

describe('offline lessons', () => {
  it('downloads a lesson with its licence, plays it to the end offline, and removes it from « Mes téléchargements »', async () => {
    const { page, context } = buyer;
    await page.goto(`/videos/${video.id}`);
    const panel = page.getByTestId('offline-download');
    await panel.getByRole('button', { name: 'Télécharger pour regarder hors ligne' }).click();
    // Each quality with its size, audio only last.
    const choices = await panel.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => i.parentElement!.textContent!.trim()));
    expect(choices.length).toBeGreaterThan(1);
    for (const choice of choices) expect(choice).toMatch(/^(Vidéo \d+p|Audio seul) · [\d,]+ Mo$/);
    expect(choices[choices.length - 1]).toMatch(/^Audio seul/);
    await panel.getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Lancer le téléchargement' }).click();
    await panel.getByTestId('offline-complete').waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('offline-complete').innerText()).toMatch(/^Disponible hors ligne sur cet appareil \(Vidéo \d+p, [\d,]+ Mo\)\.$/);
    expect(await panel.getByTestId('offline-storage').innerText()).toMatch(/^Espace utilisé par LBF sur cet appareil : [\d,]+ (Mo|Go) sur [\d,]+ (Mo|Go) disponibles\./);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('offline-download.png') });

    const copy = (await kept(page))!;
    // Stored as sent: the playlists, the init segments and the segments, none decrypted, the key with the licence only.
    const files = await cachedFiles(page);
    expect(files.some((f) => /\/seg_\d+\.m4s$/.test(f))).toBe(true);
    expect(files.some((f) => f.endsWith('/key'))).toBe(false);
    expect(copy.bytesStored).toBeGreaterThan(0);
    const [licence] = await db<{ expires_at: Date }>(
      'SELECT expires_at FROM catalogue.offline_licences WHERE video_id = $1 AND user_id = (SELECT id FROM identity.users WHERE email = $2)',
      [video.id, buyer.email],
    );
    expect(Math.abs(licence!.expires_at.getTime() - (Date.now() + 14 * 24 * 3600_000))).toBeLessThan(120_000);
    // The download's bytes count once, as offline lesson data.
    const deadline = Date.now() + 10_000;
    while ((await offlineBytes()) < copy.bytesStored && Date.now() < deadline) await page.waitForTimeout(200);
    expect(await offlineBytes()).toBe(copy.bytesStored);

    await page.goto('/dashboard');
    const row = page.getByTestId('my-download');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain(video.title);
    expect(await row.getByTestId('licence-expiry').innerText()).toMatch(/^Licence valable jusqu’au \d{1,2} \S+ \d{4}$/);

    await context.setOffline(true);
    const requests: string[] = [];
    const onRequest = (req: Request) => {
      if (!req.url().startsWith('data:') && !req.url().startsWith('blob:')) requests.push(req.url());
    };
    page.on('request', onRequest);
    await row.getByRole('button', { name: 'Regarder' }).click();
    await page.locator('[data-testid="offline-player"][data-state="playing"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('offline-video').evaluate((v: HTMLVideoElement) => {
      v.playbackRate = 8;
    });
    await page.locator('[data-testid="offline-player"][data-state="ended"]').waitFor({ timeout: 90_000 });
    const played = await page.getByTestId('offline-video').evaluate((v: HTMLVideoElement) => ({ at: v.currentTime, duration: v.duration }));
    expect(played.duration).toBeGreaterThan(30);
    expect(played.at).toBeGreaterThan(played.duration - 1);
    // Nothing the player needed went to the network (what the page asked for meanwhile is the app's own: none for the copy).
    expect(requests.filter((u) => /\/media\/stream\/|__offline/.test(u))).toEqual([]);
    page.off('request', onRequest);

    await row.getByRole('button', { name: 'Supprimer' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await page.getByTestId('my-downloads').innerText()).toContain('Aucune leçon téléchargée sur cet appareil.');
    expect(await kept(page)).toBeNull();
    expect(await cachedFiles(page)).toEqual([]);
    await context.setOffline(false);
  }, 240_000);

  it('resumes a download cut by a dropped connection without fetching again what it had stored', async () => {
    const { page, context } = buyer;
    const finished: string[] = [];
    page.on('requestfinished', (req) => {
      const file = COPY_FILE.exec(req.url())?.[1];
      if (file) finished.push(file);
    });
    // Slow enough to cut it halfway: each segment a little late, as on a phone.
    await page.route(/\/media\/stream\/.*seg_\d+\.m4s\?copie=hors-ligne$/, async (route) => {
      await new Promise((r) => setTimeout(r, 120));
      await route.continue().catch(() => undefined);
    });
    await openDownload(page, /^Audio seul/);
    await untilKept(page, (k) => (k?.bytesStored ?? 0) > 0 && finished.filter((f) => f.includes('seg_')).length >= 4, 'a few segments stored');
    await context.setOffline(true);
    await page.getByTestId('offline-paused').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('offline-paused').innerText()).toBe(
      'Connexion perdue : le téléchargement reprendra là où il s’est arrêté dès le retour du réseau.',
    );
    const before = new Set(finished);
    const paused = (await kept(page))!;
    expect(paused.state).toBe('paused');
    expect(paused.bytesStored).toBeLessThan(paused.bytesTotal);
    await page.getByTestId('offline-download').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('offline-download-paused.png') });

    await context.setOffline(false);
    await page.getByTestId('offline-complete').waitFor({ timeout: 60_000 });
    await page.unroute(/\/media\/stream\/.*seg_\d+\.m4s\?copie=hors-ligne$/);
    const after = finished.slice(before.size);
    // Each file came once: none stored before the drop was asked for again.
    expect(after.filter((f) => before.has(f))).toEqual([]);
    expect(new Set(finished).size).toBe(finished.length);
    expect(after.length).toBeGreaterThan(0);
    expect((await cachedFiles(page)).length).toBe(new Set(finished).size);

    // Two weeks without a check: the key goes; the app's next start renews the licence silently and brings it back.
    await page.evaluate((id) => {
      const all = JSON.parse(localStorage.getItem('lbf-offline-lessons')!) as Record<string, { licence: { expiresAt: string } }>;
      all[id]!.licence.expiresAt = new Date(Date.now() - 1000).toISOString();
      localStorage.setItem('lbf-offline-lessons', JSON.stringify(all));
    }, video.id);
    await page.goto('/dashboard');
    const renewed = (await untilKept(page, (k) => Date.parse(k?.licence.expiresAt ?? '') > Date.now() + 13 * 24 * 3600_000, 'the licence renewed', 30_000))!;
    expect(Buffer.from(renewed.licence.key, 'base64')).toHaveLength(16);
    const [row] = await db<{ renewals: number }>(
      'SELECT renewals FROM catalogue.offline_licences WHERE video_id = $1 AND user_id = (SELECT id FROM identity.users WHERE email = $2) ORDER BY granted_at DESC LIMIT 1',
      [video.id, buyer.email],
    );
    expect(row!.renewals).toBeGreaterThanOrEqual(1);
  }, 180_000);

  it('removes the copy at the next renewal once the purchase is refunded, and says why', async () => {
    const { page } = buyer;
    expect((await kept(page))?.state).toBe('complete');
    await db(
      `UPDATE catalogue.entitlements SET revoked_at = now() WHERE item_id = $1 AND user_id = (SELECT id FROM identity.users WHERE email = $2)`,
      [video.id, buyer.email],
    );
    // The app's start renews the licences of the copies it keeps.
    await page.goto('/dashboard');
    const notices = page.getByTestId('offline-notices');
    await notices.waitFor({ timeout: 30_000 });
    expect(await notices.innerText()).toContain(`« ${video.title} » a été supprimée de vos téléchargements. Son achat a été remboursé.`);
    expect(await kept(page)).toBeNull();
    expect(await cachedFiles(page)).toEqual([]);
    const [row] = await db<{ revoked_reason: string }>(
      `SELECT revoked_reason FROM catalogue.offline_licences WHERE video_id = $1 AND user_id = (SELECT id FROM identity.users WHERE email = $2) ORDER BY granted_at DESC LIMIT 1`,
      [video.id, buyer.email],
    );
    expect(row!.revoked_reason).toBe('refunded');
    await notices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('offline-revoked.png') });
    await page.getByRole('button', { name: 'J’ai compris' }).click();
    await notices.waitFor({ state: 'detached' });
  }, 90_000);
});
