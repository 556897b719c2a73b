import type { Browser, BrowserContext, Page } from 'playwright-core';
import { graphql, launchBrowser, newAdminVisitor, newVisitor, shotPath, shownToast, stack, tokenFor } from './harness';
import { openAdminCreateForm } from './support/admin';

/**
 * Health content people can trust (issue 23, point 7), against the real stack: an administrator
 * sets who wrote an article, who read it over and when it was last brought up to date; the editor
 * warns (without refusing) when the text claims to cure or treat, with words the administrator
 * chooses in « Paramètres du site »; visitors read « Par », « Relu par », « Mis à jour le » and the
 * notice on articles, lessons and guides, from the server's HTML already.
 */
const NOTICE = "Ces contenus ne remplacent pas l'avis d'un professionnel de santé";

let browser: Browser;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newAdminVisitor(browser);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

/** A visitor with JavaScript off: what the server rendered, alone. */
async function serverOnly(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: stack.url, locale: 'fr-FR', javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The credits line and the notice of the page open in `page`, as text. */
async function creditsAndNotice(page: Page): Promise<{ credits: string; notice: string }> {
  await page.getByTestId('health-notice').waitFor();
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  return { credits: squash(await page.getByTestId('content-credits').first().innerText()), notice: squash(await page.getByTestId('health-notice').innerText()) };
}

function uniqueTitle(tag: string): string {
  return `${tag} ${Date.now().toString(36)}`;
}

describe('an article', () => {
  it('gets its author, reviewer and « Mis à jour le » in the editor, which warns about a claim to cure without refusing it; a visitor on a phone reads them with the notice', async () => {
    const { page } = admin;
    const title = uniqueTitle('Le kinkéliba, tisane du soir');
    const form = await openAdminCreateForm(page, { path: '/admin/articles', button: 'Nouvel article', form: 'Nouvel article' });
    await form.getByLabel('Titre', { exact: true }).fill(title);
    await form.getByLabel('Résumé').fill('Une infusion douce, bue depuis des générations au Sahel.');
    await form.getByLabel('Auteur', { exact: true }).fill('Fatou Sow');
    await form.getByLabel('Relu par').fill('Dr Jean-Paul Ekanga');
    await form.getByLabel('Mis à jour le').fill('2026-03-05');
    await form.getByLabel('Catégorie').selectOption('wellbeing');
    const body = form.getByRole('textbox', { name: 'Contenu' });
    await body.click();
    await page.keyboard.type('Une tasse le soir aide à la digestion. ');
    expect(await form.getByTestId('health-claim-warning').count()).toBe(0);

    // The claim is named as the administrator writes it: case and accents do not hide it.
    await page.keyboard.type('Ce REMEDE MIRACLE guérit la fatigue.');
    const warning = form.getByTestId('health-claim-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('Relevé : « guérit », « remède miracle ».');
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('health-article-editor-warning.png') });

    // A warning, not a refusal: the article is saved and published as written.
    await form.getByLabel('Publier maintenant').check();
    await form.getByRole('button', { name: "Créer l'article" }).click();
    await shownToast(page, 'Article créé').waitFor();

    const { articles } = await graphql<{ articles: { items: Array<{ id: string; title: string }> } }>(
      'query($search: String) { articles(filter: { search: $search }) { items { id title } } }',
      { search: title },
    );
    const id = articles.items.find((a) => a.title === title)!.id;

    // On a phone, with the app running.
    const visitor = await newVisitor(browser);
    await visitor.page.goto(`/actualites/${id}`);
    const shown = await creditsAndNotice(visitor.page);
    expect(shown.credits).toContain('Par Fatou Sow');
    expect(shown.credits).toContain('Relu par Dr Jean-Paul Ekanga');
    expect(shown.credits).toContain('Mis à jour le 5 mars 2026');
    expect(shown.notice).toContain(NOTICE);
    await visitor.page.waitForLoadState('networkidle');
    await visitor.page.screenshot({ path: shotPath('health-article-phone.png'), fullPage: true });
    // Nothing sticks out sideways on a 390 px screen.
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.context.close();

    // The server's HTML already says it all.
    const server = await serverOnly();
    await server.page.goto(`/actualites/${id}`);
    const rendered = await creditsAndNotice(server.page);
    expect(rendered).toEqual(shown);
    await server.close();

    // A reviewer removed is not shown at all.
    await page.goto('/admin/articles');
    await page.getByTestId('data-row').filter({ hasText: title }).getByRole('button', { name: /^Modifier/ }).click();
    const edit = page.getByRole('form', { name: "Modifier l'article" });
    expect(await edit.getByLabel('Relu par').inputValue()).toBe('Dr Jean-Paul Ekanga');
    expect(await edit.getByLabel('Mis à jour le').inputValue()).toBe('2026-03-05');
    await edit.getByLabel('Relu par').fill('');
    await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await shownToast(page, 'Article modifié').waitFor();
    const again = await newVisitor(browser);
    await again.page.goto(`/actualites/${id}`);
    await again.page.getByTestId('content-author').waitFor();
    expect(await again.page.getByTestId('content-reviewer').count()).toBe(0);
    await again.context.close();

    await graphql('mutation($id: ID!) { deleteArticle(id: $id) { ok } }', { id }, await tokenFor(stack.demo.admin.email, stack.demo.admin.password));
  });
});

describe('a lesson and a guide', () => {
  it('show their author, reviewer, « Mis à jour le » and the notice to a visitor, from the server already', async () => {
    const { videos, pdfs } = await graphql<{
      videos: { items: Array<{ id: string; author: string; reviewer: string | null }> };
      pdfs: { items: Array<{ id: string; author: string; reviewer: string | null }> };
    }>('{ videos(pageSize: 20) { items { id author reviewer } } pdfs(pageSize: 20) { items { id author reviewer } } }');
    const video = videos.items.find((v) => v.author && v.reviewer)!;
    const pdf = pdfs.items.find((p) => p.author && p.reviewer)!;
    const server = await serverOnly();
    for (const [path, item] of [
      [`/videos/${video.id}`, video],
      [`/pdfs/${pdf.id}`, pdf],
    ] as const) {
      await server.page.goto(path);
      const shown = await creditsAndNotice(server.page);
      expect(shown.credits).toContain(`Par ${item.author}`);
      expect(shown.credits).toContain(`Relu par ${item.reviewer}`);
      expect(shown.credits).toMatch(/Mis à jour le \d{1,2} [a-zéû]+ \d{4}/);
      expect(shown.notice).toContain(NOTICE);
      await server.page.screenshot({ path: shotPath(`health-${path.split('/')[1]}-phone.png`), fullPage: true });
    }
    await server.close();
  });
});

describe('the words the editor warns about', () => {
  it('are the administrator’s to edit in « Paramètres du site »', async () => {
    const { page } = admin;
    await page.goto('/admin/settings');
    const settings = page.getByRole('form', { name: 'Paramètres du site' });
    const words = settings.getByLabel('Mots et expressions à surveiller');
    await words.waitFor();
    await page.waitForLoadState('networkidle');
    const stored = await words.inputValue();
    expect(stored.split('\n')).toEqual(expect.arrayContaining(['guérit', 'remède miracle', 'élimine le cancer']));
    await words.fill(`${stored}\npurifie le sang`);
    await settings.getByRole('button', { name: 'Sauvegarder' }).click();
    await shownToast(page, 'Paramètres sauvegardés').waitFor();

    try {
      await page.goto('/admin/articles');
      await page.getByRole('button', { name: 'Nouvel article' }).first().click();
      const form = page.getByRole('form', { name: 'Nouvel article' });
      await form.getByLabel('Titre', { exact: true }).fill('Cette tisane PURIFIE le sang');
      await form.getByTestId('health-claim-warning').filter({ hasText: '« purifie le sang »' }).waitFor();
      await form.getByRole('button', { name: 'Annuler' }).filter({ hasText: 'Annuler' }).click();
    } finally {
      await page.goto('/admin/settings');
      await words.waitFor();
      await page.waitForLoadState('networkidle');
      await words.fill(stored);
      await settings.getByRole('button', { name: 'Sauvegarder' }).click();
      await shownToast(page, 'Paramètres sauvegardés').waitFor();
    }
  });
});
