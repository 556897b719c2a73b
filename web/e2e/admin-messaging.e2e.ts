import type { BrowserContext, Page } from 'playwright-core';
import { downloaded, graphql, browserForFile, mailsTo, newAdminVisitor, newVisitor, shotPath, shownToast, signInAsAdmin, stack, uniqueEmail } from './harness';
import { sendContactMessage } from './messaging-support';

/**
 * The administrator's messaging screens against the real stack and the real mail catcher: the
 * contact inbox (a visitor's message, read on opening, answered by e-mail), a newsletter campaign
 * to confirmed subscribers with its live progress, and internal messages (one user, everyone).
 */
function row(page: Page, text: string) {
  return page.getByTestId('data-row').filter({ hasText: text });
}

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
/** The visitor of the contact test, whose mails the E-mails test looks for. */
let contactEmail: string | null = null;

beforeAll(async () => {
  admin = await newAdminVisitor(browser);
}, 60_000);

test('a visitor’s contact message reaches the admin inbox, opening it reads it, and the reply is mailed to the visitor', async () => {
  const email = uniqueEmail('contact-admin');
  const name = `Awa ${Date.now().toString(36)}`;
  const text = 'Bonjour, comment puis-je accéder aux vidéos achetées depuis mon téléphone ?';
  await sendContactMessage({ name, email, subject: 'SUPPORT', message: text });

  const { page } = admin;
  await page.goto('/admin/contact');
  const message = row(page, name);
  await message.waitFor();
  await expect(message.locator('[data-unread="true"]').count()).resolves.toBe(1);
  await expect(message.innerText()).resolves.toContain('Support technique');
  await page.getByTestId('contact-unread-badge').waitFor();
  await page.screenshot({ path: shotPath('admin-contact-1280.png'), fullPage: true });

  await message.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('contact-message-body').filter({ hasText: text }).waitFor();
  // Opening it read it: the row is no longer bold.
  await message.locator('[data-unread="true"]').waitFor({ state: 'detached' });

  const reply = `Bonjour ${name}, rendez-vous dans « Mes achats » : vos vidéos y sont toutes. ${Date.now()}`;
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await dialog.getByText('Veuillez écrire une réponse.').waitFor();
  await dialog.getByLabel('Votre réponse').fill(reply);
  await dialog.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await shownToast(page, 'Réponse envoyée').waitFor();
  await dialog.getByTestId('contact-replies').filter({ hasText: reply }).waitFor();

  const mails = await mailsTo(email, 1, { where: (m) => (m.text ?? '').includes(reply) });
  expect(mails.filter((m) => (m.text ?? '').includes(reply))).toHaveLength(1);
  // Its delivery shows under the reply once the mail left.
  await page.goto('/admin/contact');
  await row(page, name).click();
  await page.getByRole('dialog').getByTestId('contact-replies').locator('[data-status="SENT"]').waitFor();
  await page.screenshot({ path: shotPath('admin-contact-detail-1280.png') });
  await page.keyboard.press('Escape');

  // Archived, it leaves the inbox for the archive.
  await row(page, name).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archiver' }).click();
  await shownToast(page, 'Message archivé').waitFor();
  await row(page, name).waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Archivés' }).click();
  await row(page, name).waitFor();
  contactEmail = email;
}, 90_000);

test('the E-mails page lists the mails sent to the visitor with their purpose and status, filtered', async () => {
  if (!contactEmail) throw new Error('the contact test sent nothing');
  const { page } = admin;
  await page.goto('/admin/emails');
  await page.getByLabel('Rechercher', { exact: true }).fill(contactEmail);
  // The search applies after a pause in typing: until then other tests' mails share the list.
  await page.waitForFunction((email) => {
    const rows = [...document.querySelectorAll('[data-testid="data-row"]')];
    return rows.length > 0 && rows.every((r) => (r.textContent ?? '').includes(email));
  }, contactEmail);
  await row(page, 'Réponse (contact)').filter({ hasText: 'Envoyé' }).waitFor();
  await row(page, 'Accusé de réception (contact)').waitFor();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Réponse (contact)' });
  await row(page, 'Accusé de réception (contact)').waitFor({ state: 'detached' });
  await page.getByTestId('admin-count').filter({ hasText: /^1 e-mail$/ }).waitFor();
  await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Échec' });
  await page.getByText('Aucun e-mail trouvé').waitFor();
  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).first().click();
  await page.getByTestId('data-row').first().waitFor();

  // The catcher refuses any address starting with 'bounce' (550): the confirmation mail fails
  // with the server's words, and 'Renvoyer' queues it again.
  const refused = uniqueEmail('bounce-admin');
  await graphql('mutation Sub($email: String!) { subscribeNewsletter(email: $email, source: FOOTER) { ok } }', { email: refused });
  await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Échec' });
  await page.getByLabel('Rechercher', { exact: true }).fill(refused);
  const failed = row(page, 'Confirmation newsletter');
  for (let i = 0; i < 20 && !(await failed.isVisible()); i++) {
    await page.waitForTimeout(500);
    await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Tous' });
    await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'Échec' });
  }
  await failed.getByTestId('delivery-error').waitFor();
  await page.screenshot({ path: shotPath('admin-emails-failed-1280.png'), fullPage: true });
  await failed.getByRole('button', { name: `Renvoyer l'e-mail à ${refused}` }).click();
  await shownToast(page, 'E-mail renvoyé').waitFor();

  await page.getByRole('button', { name: 'Réinitialiser les filtres' }).first().click();
  await page.getByTestId('data-row').first().waitFor();
  await page.screenshot({ path: shotPath('admin-emails-1280.png'), fullPage: true });

  const phone = await newVisitor(browser, { mobile: true });
  try {
    await signInAsAdmin(phone.page);
    await phone.page.goto('/admin/emails');
    await phone.page.getByTestId('data-row').first().waitFor();
    await phone.page.screenshot({ path: shotPath('admin-emails-390.png'), fullPage: true });
    await phone.page.goto('/admin/contact');
    await phone.page.getByRole('tab', { name: 'Archivés' }).click();
    await phone.page.getByTestId('data-row').first().waitFor();
    await phone.page.screenshot({ path: shotPath('admin-contact-390.png'), fullPage: true });
  } finally {
    await phone.context.close();
  }
}, 60_000);

test('confirmed subscribers receive a campaign: the progress bar reaches the total, then « Newsletter envoyée à N abonnés. »', async () => {
  const subscribers = [uniqueEmail('nl-a'), uniqueEmail('nl-b'), uniqueEmail('nl-c')];
  for (const [i, email] of subscribers.entries()) {
    const { subscribeNewsletter } = await graphql<{ subscribeNewsletter: { ok: boolean | null } }>(
      'mutation Sub($email: String!, $source: NewsletterSource!) { subscribeNewsletter(email: $email, source: $source) { ok error { message } } }',
      { email, source: i === 0 ? 'CATALOGUE' : 'FOOTER' },
    );
    expect(subscribeNewsletter.ok).toBe(true);
    const [confirmation] = await mailsTo(email);
    const token = /\/newsletter\/confirmation\/([A-Za-z0-9_.~-]+)/.exec(`${confirmation!.text ?? ''} ${confirmation!.html ?? ''}`)?.[1];
    if (!token) throw new Error(`no confirmation link in ${confirmation!.subject}`);
    const { confirmNewsletter } = await graphql<{ confirmNewsletter: { confirmed: boolean | null } }>(
      'mutation Confirm($token: String!) { confirmNewsletter(token: $token) { confirmed error { message } } }',
      { token },
    );
    expect(confirmNewsletter.confirmed).toBe(true);
  }

  const { page } = admin;
  await page.goto('/admin/newsletter');
  // The subscribers list (active ones by default) finds them, with their source.
  await page.getByLabel('Rechercher', { exact: true }).fill(subscribers[0]!);
  await row(page, subscribers[0]!).filter({ hasText: 'Catalogue' }).filter({ hasText: 'Actif' }).waitFor();
  await page.getByLabel('Rechercher', { exact: true }).fill('');
  const active = Number((await page.getByTestId('card-subscribers').locator('.text-2xl').innerText()).replace(/\D/g, ''));
  expect(active).toBeGreaterThanOrEqual(subscribers.length);

  const subject = `Les tisanes de saison ${Date.now().toString(36)}`;
  const send = page.getByRole('button', { name: 'Envoyer', exact: true });
  await expect(send.isDisabled()).resolves.toBe(true);
  await page.getByText('Veuillez remplir le sujet et le contenu.').waitFor();
  await page.getByLabel('Sujet', { exact: true }).fill(subject);
  await expect(send.isDisabled()).resolves.toBe(true);
  await page.getByRole('textbox', { name: 'Contenu' }).click();
  await page.keyboard.type('Cette semaine : la citronnelle et le gingembre, pour bien dormir.');
  await expect(send.isEnabled()).resolves.toBe(true);

  await page.getByRole('button', { name: 'Envoyer un test' }).click();
  await shownToast(page, stack.demo.admin.email).waitFor();
  await mailsTo(stack.demo.admin.email, 1, { where: (m) => m.subject.includes(subject) });

  await send.click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(`La newsletter sera envoyée à ${active} abonnés actifs.`).waitFor();
  await confirm.getByRole('button', { name: 'Envoyer' }).click();

  const bar = page.getByRole('progressbar', { name: 'Envoi de la newsletter' });
  await bar.waitFor();
  const total = Number(await bar.getAttribute('aria-valuemax'));
  expect(total).toBe(active);
  await page.getByTestId('campaign-progress').and(page.locator('[data-status="SENT"]')).waitFor({ timeout: 30_000 });
  await expect(bar.getAttribute('aria-valuenow')).resolves.toBe(String(total));
  await shownToast(page, `Newsletter envoyée à ${total} abonnés.`).waitFor();
  await page.getByTestId('campaign-progress-text').filter({ hasText: `${total} / ${total} envoyés` }).waitFor();

  for (const email of subscribers) {
    const mails = await mailsTo(email, 1, { where: (m) => m.subject.includes(subject) });
    expect(mails.filter((m) => m.subject.includes(subject))).toHaveLength(1);
  }
  // The history and the last-campaign card show it.
  await row(page, subject).filter({ hasText: 'Envoyée' }).waitFor();
  await page.getByTestId('card-last-campaign').filter({ hasText: subject }).waitFor();
  await page.screenshot({ path: shotPath('admin-newsletter-1280.png'), fullPage: true });

  // 'Exporter': the active subscribers as newsletter-subscribers.csv.
  const { name: fileName, text: csv } = await downloaded(page, () => page.getByRole('button', { name: 'Exporter' }).click());
  expect(fileName).toBe('newsletter-subscribers.csv');
  for (const email of subscribers) expect(csv).toContain(email);
  await shownToast(page, 'Export réussi').waitFor();

  // Unsubscribed from the list (after a confirmation), the address leaves the active ones.
  await page.getByLabel('Rechercher', { exact: true }).fill(subscribers[2]!);
  await row(page, subscribers[2]!).getByRole('button', { name: `Désabonner ${subscribers[2]}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Désabonner' }).click();
  await shownToast(page, 'Abonné supprimé').waitFor();
  await row(page, subscribers[2]!).waitFor({ state: 'detached' });

  const phone = await newVisitor(browser, { mobile: true });
  try {
    await signInAsAdmin(phone.page);
    await phone.page.goto('/admin/newsletter');
    await phone.page.getByTestId('card-last-campaign').filter({ hasText: subject }).waitFor();
    await phone.page.screenshot({ path: shotPath('admin-newsletter-390.png'), fullPage: true });
  } finally {
    await phone.context.close();
  }
}, 120_000);

test('the admin sends an individual and a group message and sees them in the history with their status', async () => {
  const { page } = admin;
  await page.goto('/admin/messages');
  const stamp = Date.now().toString(36);
  const individual = `Votre accès ${stamp}`;
  const group = `Nouveautés ${stamp}`;

  await page.getByRole('button', { name: 'Nouveau message' }).first().click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await dialog.getByText('Veuillez remplir le sujet et le contenu.').waitFor();
  await dialog.getByLabel('Sujet', { exact: true }).fill(individual);
  await dialog.getByLabel('Message', { exact: true }).fill('Bonjour, votre achat est bien disponible dans votre espace.');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await dialog.getByText('Veuillez sélectionner un destinataire.').waitFor();
  await dialog.getByPlaceholder('Rechercher un nom ou un e-mail...').fill(stack.demo.customer.email);
  await dialog.getByRole('option').filter({ hasText: stack.demo.customer.email }).click();
  await dialog.getByTestId('chosen-recipient').filter({ hasText: stack.demo.customer.email }).waitFor();
  await page.screenshot({ path: shotPath('admin-messages-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await shownToast(page, 'Message envoyé').waitFor();
  await dialog.waitFor({ state: 'detached' });

  const sent = row(page, individual);
  await sent.filter({ hasText: 'Individuel' }).filter({ hasText: stack.demo.customer.email }).filter({ hasText: 'Non lu' }).waitFor();

  await page.getByRole('button', { name: 'Nouveau message' }).first().click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Envoyer à tous les utilisateurs').check();
  await expect(dialog.getByPlaceholder('Rechercher un nom ou un e-mail...').count()).resolves.toBe(0);
  await dialog.getByLabel('Sujet', { exact: true }).fill(group);
  await dialog.getByLabel('Message', { exact: true }).fill('De nouvelles vidéos sur le sommeil sont en ligne.');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await shownToast(page, 'Message envoyé à tous les utilisateurs.').waitFor();

  const broadcast = row(page, group);
  await broadcast.filter({ hasText: 'Groupe' }).filter({ hasText: 'Tous les utilisateurs' }).filter({ hasText: /Lu par 0 \/ \d+/ }).waitFor();
  // 'Marquer comme lu' only on the unread individual message.
  await expect(broadcast.getByRole('button', { name: /Marquer/ }).count()).resolves.toBe(0);
  await page.screenshot({ path: shotPath('admin-messages-1280.png'), fullPage: true });
  await sent.getByRole('button', { name: `Marquer « ${individual} » comme lu` }).click();
  await shownToast(page, 'Message marqué comme lu').waitFor();
  await sent.locator('[data-status="read"]').waitFor();
  await expect(sent.getByRole('button', { name: /Marquer/ }).count()).resolves.toBe(0);
  await page.getByTestId('card-read').waitFor();

  const phone = await newVisitor(browser, { mobile: true });
  try {
    await signInAsAdmin(phone.page);
    await phone.page.goto('/admin/messages');
    await row(phone.page, group).waitFor();
    await phone.page.screenshot({ path: shotPath('admin-messages-390.png'), fullPage: true });
  } finally {
    await phone.context.close();
  }
}, 90_000);
