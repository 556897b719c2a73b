import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { browserForFile, graphqlOperation, newAdminVisitor, newCustomerVisitor, shownToast, shotPath } from './harness';
import { mediaFolderForFile } from './support/media-files';

/**
 * An administrator uploads a video and watches the streaming pipeline in the list: waiting,
 * 'Traitement N %' live, then 'Prêt'; a file ffmpeg cannot read ends 'Échec' with its reason and
 * a 'Réessayer' button.
 */
const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
const media = mediaFolderForFile('lbf-processing-e2e-');
let videoPath: string;
let brokenPath: string;

function row(page: Page, title: string) {
  return page.getByTestId('data-row').filter({ hasText: title });
}

async function upload(page: Page, title: string, file: string, previewSeconds?: string): Promise<void> {
  await page.goto('/admin/videos');
  await page.getByRole('button', { name: 'Ajouter une vidéo' }).first().click();
  const form = page.getByRole('form', { name: 'Ajouter une vidéo' });
  expect(await form.getByLabel("Durée de l'aperçu (secondes)").inputValue()).toBe('60');
  await form.getByLabel('Titre', { exact: true }).fill(title);
  if (previewSeconds) await form.getByLabel("Durée de l'aperçu (secondes)").fill(previewSeconds);
  await form.getByLabel('Fichier vidéo').setInputFiles(file);
  if (process.env.LBF_E2E_SHOTS) await page.screenshot({ path: join(process.env.LBF_E2E_SHOTS, 'admin-video-upload-form.png') });
  await form.getByRole('button', { name: 'Uploader la vidéo' }).click();
  await shownToast(page, 'Succès').waitFor({ timeout: 30_000 });
  await row(page, title).waitFor();
}

beforeAll(async () => {
  videoPath = media.path('lecon-hd.mp4');
  // 720p with sound: the whole ladder (4 rungs) takes a few seconds, long enough to watch.
  media.ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=duration=40:size=1280x720:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=330:duration=40',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '1200k', '-c:a', 'aac', '-shortest', videoPath,
  ]);
  // An MP4 header (so the upload's sniffing lets it in) followed by bytes that are no video.
  brokenPath = media.path('lecon-abimee.mp4');
  writeFileSync(brokenPath, Buffer.concat([readFileSync(videoPath).subarray(0, 32), Buffer.alloc(50_000, 7)]));
  admin = await newAdminVisitor(browser);
}, 60_000);

describe('an administrator watching a video being prepared for streaming', () => {
  it('sees “Traitement N %” move in the list without reloading, then “Prêt”; customers find it then', async () => {
    const { page } = admin;
    const title = `Leçon HD ${Date.now().toString(36)}`;
    await upload(page, title, videoPath, '20');

    // The list polls on its own while a video is being prepared: no reload from here on.
    const seen: string[] = [];
    const status = row(page, title).getByTestId('video-processing');
    const deadline = Date.now() + 150_000;
    let shot = false;
    for (;;) {
      const text = (await status.innerText().catch(() => '')).trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      if (!shot && /^Traitement \d+ %/.test(text)) {
        shot = true;
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: shotPath('admin-video-processing.png') });
      }
      if (text.startsWith('Prêt')) break;
      if (text.startsWith('Échec')) throw new Error(`processing failed: ${text}`);
      if (Date.now() > deadline) throw new Error(`never ready; seen: ${seen.join(' → ')}`);
      await page.waitForTimeout(250);
    }
    const percents = seen.map((s) => /^Traitement (\d+) %/.exec(s)).filter((m) => m !== null).map((m) => Number(m![1]));
    expect(percents.length).toBeGreaterThanOrEqual(1);
    expect(percents.every((p) => p >= 0 && p < 100)).toBe(true);
    // Never backwards.
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(seen[seen.length - 1]).toBe('Prêt');
    // The duration was read from the file.
    expect(await row(page, title).innerText()).toContain('0:40');

    // The polling stopped with nothing left to prepare: no more list requests.
    let requests = 0;
    const count = (req: Request) => {
      if (graphqlOperation(req) === 'AdminVideosPage') requests++;
    };
    await page.waitForTimeout(2500);
    page.on('request', count);
    await page.waitForTimeout(5000);
    page.off('request', count);
    expect(requests).toBe(0);

    // Published with its ladder: a customer now finds it in the catalogue.
    const customer = await newCustomerVisitor(browser);
    await customer.page.goto('/videos');
    await customer.page.getByTestId('video-title').filter({ hasText: title }).waitFor();
    await customer.context.close();

    // The edit dialog shows the preview length chosen.
    await row(page, title).getByRole('button', { name: `Modifier « ${title} »` }).click();
    const form = page.getByRole('form', { name: 'Modifier la vidéo' });
    expect(await form.getByLabel("Durée de l'aperçu (secondes)").inputValue()).toBe('20');
    await form.getByLabel("Durée de l'aperçu (secondes)").fill('5');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText("La durée de l'aperçu doit être un nombre entier de secondes entre 10 et 600.").waitFor();
    await page.keyboard.press('Escape');
  }, 200_000);

  it('shows a file that cannot be read as “Échec” with its reason, and “Réessayer” starts it again', async () => {
    const { page } = admin;
    const title = `Leçon abîmée ${Date.now().toString(36)}`;
    await upload(page, title, brokenPath);
    const status = row(page, title).getByTestId('video-processing');
    await status.getByText('Échec').waitFor({ timeout: 60_000 });
    await status.getByText('Le fichier vidéo est illisible.').waitFor();
    if (process.env.LBF_E2E_SHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(process.env.LBF_E2E_SHOTS, 'admin-video-failed.png') });
    }

    await status.getByRole('button', { name: `Relancer le traitement de « ${title} »` }).click();
    await shownToast(page, 'Traitement relancé').waitFor();
    // Back through the pipeline (the same file fails again, with the same reason).
    await page.waitForFunction(
      (t) => {
        const rowEl = [...document.querySelectorAll('[data-testid="data-row"]')].find((r) => r.textContent?.includes(t));
        const state = rowEl?.querySelector('[data-testid="video-processing"]')?.getAttribute('data-state');
        return state === 'PENDING' || state === 'PROCESSING';
      },
      title,
      { timeout: 10_000 },
    ).catch(() => undefined);
    await status.getByText('Échec').waitFor({ timeout: 60_000 });

    // Clean up: the failed video is deleted.
    await row(page, title).getByRole('button', { name: `Supprimer « ${title} »` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /Supprimer/ }).click();
    await row(page, title).waitFor({ state: 'detached' });
  }, 150_000);
});
