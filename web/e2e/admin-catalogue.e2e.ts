import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newAdminVisitor, newCustomerVisitor, newVisitor, shownToast, signInAsAdmin } from './harness';
import { openAdminCreateForm } from './support/admin';
import { mediaFolderForFile } from './support/media-files';

/**
 * The administrator's catalogue screens against the real stack: files go from the browser straight
 * to storage with real progress, the catalogue checks their bytes, and what the administrator does
 * shows on the public pages.
 */
const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
const media = mediaFolderForFile('lbf-admin-e2e-');
let videoPath: string;
let fakeVideoPath: string;
let pdfPath: string;
let imagePath: string;
/** The video the first test uploads; the deletion test removes it, leaving the catalogue as found. */
let uploadedTitle: string | null = null;

/** A one-page PDF, written by hand (objects, then the cross-reference table of their offsets). */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function uniqueTitle(tag: string): string {
  return `${tag} ${Date.now().toString(36)}`;
}

/** The count under the heading ('9 vidéos'), as a number. */
async function listCount(page: Page): Promise<number> {
  await page.getByTestId('admin-count').filter({ hasText: /\d/ }).waitFor();
  return Number((await page.getByTestId('admin-count').innerText()).replace(/\D/g, ''));
}

function row(page: Page, title: string) {
  return page.getByTestId('data-row').filter({ hasText: title });
}

beforeAll(async () => {
  // A real video (2 s test pattern, with a duration the server probes) and a text file named .mp4.
  videoPath = media.path('lecon-test.mp4');
  media.ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=duration=2:size=640x360:rate=25', '-pix_fmt', 'yuv420p', '-b:v', '3000k', videoPath]);
  imagePath = media.path('illustration.png');
  media.ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=320x180', '-frames:v', '1', imagePath]);
  pdfPath = media.path('guide-des-tisanes.pdf');
  writeFileSync(pdfPath, onePagePdf('Guide des tisanes'));
  fakeVideoPath = media.path('pas-une-video.mp4');
  writeFileSync(fakeVideoPath, 'Ceci est un simple texte, renommé en .mp4.\n'.repeat(20));
  admin = await newAdminVisitor(browser);
});

describe('an administrator on /admin/videos', () => {
  it('uploads a video with a real progress bar, and a signed-in user then finds it on /videos', async () => {
    const { page, context } = admin;
    const title = uniqueTitle('Leçon du matin');
    uploadedTitle = title;
    await page.goto('/admin/videos');
    const before = await listCount(page);

    await page.getByRole('button', { name: 'Ajouter une vidéo' }).first().click();
    const form = page.getByRole('form', { name: 'Ajouter une vidéo' });
    // Spec §5: the title and the file are required, in its words.
    await form.getByRole('button', { name: 'Uploader la vidéo' }).click();
    await form.getByText('Le titre et le fichier vidéo sont obligatoires.').waitFor();
    // Spec §5: the price defaults to 3.59.
    expect(await form.getByLabel('Prix (USD)').inputValue()).toBe('3.59');

    await form.getByLabel('Titre', { exact: true }).fill(title);
    await form.getByLabel(/^Description/).fill('Une routine douce pour bien commencer la journée.');
    await form.getByLabel('Catégorie').selectOption('wellbeing');
    await form.getByLabel('Nom du présentateur').fill('Dr Awa Ndiaye');
    await form.getByLabel('Point 1').fill('Respirer profondément');
    await form.getByLabel('Fichier vidéo').setInputFiles(videoPath);

    // A slow uplink, so the transfer is long enough to be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

    await form.getByRole('button', { name: 'Uploader la vidéo' }).click();
    await form.getByRole('button', { name: 'Upload en cours...' }).waitFor();
    // Spec §4: while uploading, the fields are disabled.
    expect(await form.getByLabel('Titre', { exact: true }).isDisabled()).toBe(true);
    const bar = page.getByRole('progressbar', { name: 'Envoi de lecon-test.mp4' });
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[role="progressbar"][aria-label="Envoi de lecon-test.mp4"]');
        const value = Number(el?.getAttribute('aria-valuenow'));
        return value > 0 && value < 100;
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.getByTestId('upload-progress-video').getByTestId('upload-bytes').innerText()).toMatch(/ sur .*(KB|MB)$/);
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await shownToast(page, 'Succès').waitFor({ timeout: 30_000 });
    // Back on the list, reloaded: this video once (the other browser tests share the stack and may add theirs meanwhile).
    await row(page, title).waitFor();
    expect(await row(page, title).count()).toBe(1);
    expect(await listCount(page)).toBeGreaterThanOrEqual(before + 1);
    // Published once its streaming ladder is ready: the list follows the pipeline by itself. The
    // duration was left empty: the server reads it from the file (0:02).
    await row(page, title).getByTestId('video-processing').getByText('Prêt').waitFor({ timeout: 60_000 });
    expect(await row(page, title).innerText()).toContain('0:02');

    const customer = await newCustomerVisitor(browser);
    await customer.page.goto('/videos');
    await customer.page.getByTestId('video-title').filter({ hasText: title }).waitFor();
    await customer.context.close();
  });

  it('sees a text file renamed .mp4 refused with the server’s own message, and nothing added', async () => {
    const { page } = admin;
    await page.goto('/admin/videos');
    const before = await listCount(page);
    await page.getByRole('button', { name: 'Ajouter une vidéo' }).first().click();
    const form = page.getByRole('form', { name: 'Ajouter une vidéo' });
    await form.getByLabel('Titre', { exact: true }).fill(uniqueTitle('Faux fichier'));
    await form.getByLabel('Fichier vidéo').setInputFiles(fakeVideoPath);
    // The browser calls it video/mp4 by its name: the form lets it through, the server reads the bytes.
    expect(await form.getByText('Veuillez sélectionner un fichier vidéo valide.').count()).toBe(0);

    const refusal = page.waitForResponse((res) => res.url().includes('/media/upload/') && res.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Uploader la vidéo' }).click();
    // The storage route read the first bytes and refused them (415), with its French message...
    expect((await refusal).status()).toBe(415);

    // ...which the destructive toast shows as returned.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur' });
    await toast.getByText('Veuillez sélectionner un fichier vidéo valide.').waitFor();
    // The form is back to idle, its values kept for another try.
    await form.getByRole('button', { name: 'Uploader la vidéo' }).waitFor();
    expect(await form.getByLabel('Titre', { exact: true }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Retour à la liste' }).click();
    expect(await listCount(page)).toBe(before);
  });

  it('edits the uploaded video: new title and price, shown in the list and to customers', async () => {
    if (!uploadedTitle) throw new Error('the upload test did not run');
    const { page } = admin;
    await page.goto('/admin/videos');
    await row(page, uploadedTitle).getByRole('button', { name: `Modifier « ${uploadedTitle} »` }).click();
    const form = page.getByRole('form', { name: 'Modifier la vidéo' });
    expect(await form.getByLabel('Titre', { exact: true }).inputValue()).toBe(uploadedTitle);
    const renamed = `${uploadedTitle} (modifiée)`;
    await form.getByLabel('Titre', { exact: true }).fill(renamed);
    await form.getByLabel('Prix (USD)').fill('4.99');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await shownToast(page, 'Vidéo modifiée').waitFor();
    await row(page, renamed).waitFor();
    uploadedTitle = renamed;

    const customer = await newCustomerVisitor(browser);
    await customer.page.goto('/videos');
    const card = customer.page.getByTestId('video-card').filter({ hasText: renamed });
    await card.waitFor();
    expect(await card.getByTestId('video-price').innerText()).toBe('$4.99');
    await customer.context.close();
  });

  it('deletes the uploaded video only after the confirmation, on a phone-sized screen', async () => {
    if (!uploadedTitle) throw new Error('the upload test did not run');
    const phone = await newVisitor(browser);
    const { page } = phone;
    await signInAsAdmin(page);
    await page.goto('/admin/videos');
    // Under 768 px the table becomes cards.
    await page.getByTestId('data-cards').waitFor();
    const before = await listCount(page);
    const card = row(page, uploadedTitle);

    await card.getByRole('button', { name: /^Supprimer/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Confirmer la suppression').waitFor();
    await dialog.getByText('Êtes-vous sûr de vouloir supprimer cette vidéo ? Cette action est irréversible.').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.count()).toBe(1);

    await card.getByRole('button', { name: /^Supprimer/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await shownToast(page, 'Vidéo supprimée').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await listCount(page)).toBe(before - 1);
    // Gone for good: still absent after a reload.
    await page.reload();
    await page.getByTestId('data-cards').waitFor();
    expect(await card.count()).toBe(0);
    await phone.context.close();
  });
});

describe('an administrator on /admin/pdfs', () => {
  it('uploads a PDF with its illustration, downloads it (counted), then deletes it after confirming', async () => {
    const { page } = admin;
    const title = uniqueTitle('Guide des tisanes');
    await page.goto('/admin/pdfs');
    const before = await listCount(page);
    await page.getByRole('button', { name: 'Ajouter un PDF' }).first().click();
    const form = page.getByRole('form', { name: 'Ajouter un PDF' });
    // Spec §5: an illustration must be an image, in its words, as soon as it is chosen.
    await form.getByLabel(/^Illustration/).setInputFiles(pdfPath);
    await form.getByText('Veuillez sélectionner une image valide.').waitFor();
    await form.getByLabel(/^Illustration/).setInputFiles(imagePath);
    await form.getByText('Veuillez sélectionner une image valide.').waitFor({ state: 'detached' });
    await form.getByLabel('Titre', { exact: true }).fill(title);
    await form.getByLabel('Fichier PDF').setInputFiles(pdfPath);
    // Spec §9: stored PDFs are sold $1.00.
    expect(await form.getByLabel('Prix (USD)').inputValue()).toBe('1.00');
    await form.getByRole('button', { name: 'Uploader le PDF' }).click();
    await shownToast(page, 'Succès').waitFor({ timeout: 30_000 });

    const line = row(page, title);
    await line.waitFor();
    expect(await listCount(page)).toBe(before + 1);
    // Size in MB with two decimals, the illustration as thumbnail, the page count read by the server.
    expect(await line.innerText()).toMatch(/0,00 MB/);
    expect(await line.innerText()).toContain('1 page');
    expect(await line.locator('img').count()).toBe(1);

    const download = page.waitForEvent('download');
    await line.getByRole('button', { name: /^Télécharger/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    // Spec §4: the download is counted.
    await page.waitForFunction(
      (t) => [...document.querySelectorAll('[data-testid="data-row"]')].some((r) => r.textContent?.includes(t) && /\b1\b/.test(r.children[2]?.textContent ?? '')),
      title,
      { timeout: 10_000 },
    );

    await line.getByRole('button', { name: /^Supprimer/ }).click();
    await page.getByRole('alertdialog').getByText('Êtes-vous sûr de vouloir supprimer ce PDF ? Cette action est irréversible.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await shownToast(page, 'PDF supprimé').waitFor();
    await line.waitFor({ state: 'detached' });
    expect(await listCount(page)).toBe(before);
  });
});

describe('an administrator on /admin/settings', () => {
  it('saves a new hero title: "Paramètres sauvegardés", and the home shows it', async () => {
    const { page } = admin;
    const heroTitle = uniqueTitle('La santé au naturel');
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Paramètres du site' });
    await form.getByLabel('Titre principal').waitFor();
    await page.waitForLoadState('networkidle');
    const stored = { heroTitle: await form.getByLabel('Titre principal').inputValue(), email: await form.getByLabel('E-mail de contact').inputValue(), facebook: await form.getByLabel('Facebook').inputValue() };

    // E-mail and links are checked before anything is sent.
    await form.getByLabel('E-mail de contact').fill('pas-une-adresse');
    await form.getByLabel('Facebook').fill('facebook');
    await form.getByRole('button', { name: 'Sauvegarder' }).click();
    await form.getByText('Veuillez entrer une adresse email valide').waitFor();
    await form.getByText('Veuillez entrer une adresse web valide (https://…).').waitFor();

    await form.getByLabel('E-mail de contact').fill('contact@lbf.test');
    await form.getByLabel('Facebook').fill('https://facebook.com/lbf');
    await form.getByLabel('Titre principal').fill(heroTitle);
    await form.getByRole('button', { name: 'Sauvegarder' }).click();
    await shownToast(page, 'Paramètres sauvegardés').waitFor();

    const visitor = await newVisitor(browser);
    await visitor.page.goto('/');
    await visitor.page.getByTestId('hero-title').filter({ hasText: heroTitle }).waitFor();
    await visitor.context.close();

    // Put the stored values back for the other browser tests of the run.
    await form.getByLabel('Titre principal').fill(stored.heroTitle);
    await form.getByLabel('E-mail de contact').fill(stored.email);
    await form.getByLabel('Facebook').fill(stored.facebook);
    await form.getByRole('button', { name: 'Sauvegarder' }).click();
    await shownToast(page, 'Paramètres sauvegardés').waitFor();
  });
});

describe('an administrator on /admin/articles', () => {
  it('writes and publishes an article that then appears on /actualites, and deletes it after confirming', async () => {
    const { page } = admin;
    const title = uniqueTitle('Le moringa, allié du quotidien');
    const form = await openAdminCreateForm(page, { path: '/admin/articles', button: 'Nouvel article', form: 'Nouvel article' });
    await form.getByLabel('Titre', { exact: true }).fill(title);
    await form.getByLabel('Résumé').fill('Pourquoi cette plante est si appréciée en Afrique de l’Ouest.');
    await form.getByLabel('Catégorie').selectOption('nutrition');
    const body = form.getByRole('textbox', { name: 'Contenu' });
    await body.click();
    await page.keyboard.type('Le moringa est riche en vitamines. ');
    await form.getByRole('button', { name: 'Gras' }).click();
    await page.keyboard.type('À consommer avec modération.');
    await form.getByLabel('Publier maintenant').check();
    await form.getByRole('button', { name: "Créer l'article" }).click();
    await shownToast(page, 'Article créé').waitFor();
    await row(page, title).getByText('Publié').waitFor();

    const visitor = await newVisitor(browser);
    await visitor.page.goto('/actualites');
    await visitor.page.getByTestId('article-card').filter({ hasText: title }).waitFor();
    await visitor.page.getByTestId('article-card').filter({ hasText: title }).getByRole('link').first().click();
    await visitor.page.getByTestId('article-body').locator('strong', { hasText: 'À consommer avec modération.' }).waitFor();

    await row(page, title).getByRole('button', { name: /^Supprimer/ }).click();
    await page.getByRole('alertdialog').getByText('Êtes-vous sûr de vouloir supprimer cet article ? Cette action est irréversible.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await shownToast(page, 'Article supprimé').waitFor();
    await row(page, title).waitFor({ state: 'detached' });
    await visitor.page.goto('/actualites');
    await visitor.page.getByTestId('article-card').first().waitFor();
    expect(await visitor.page.getByTestId('article-card').filter({ hasText: title }).count()).toBe(0);
    await visitor.context.close();
  });
});
