import type { Page } from 'playwright-core';
import { graphql, graphqlOperation, browserForFile, linkIn, mailsTo, newVisitor, shotPath, shownToast, stack, uniqueEmail } from './harness';
import { adminToken, eventually } from './messaging-support';

/**
 * Issue 9, the visitor's side of messaging against the real stack: the contact form (page and
 * header dialog) is stored for the administrators; the footer's newsletter box sends a
 * confirmation mail (caught by the stack's catcher) whose link opens a page that confirms only
 * when its button is pressed, and the address is then listed as active.
 */
const browser = browserForFile();
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

interface StoredContact {
  name: string;
  email: string;
  subject: string;
  subjectLabel: string;
  message: string;
  readAt: string | null;
}

async function storedContacts(email: string): Promise<StoredContact[]> {
  const { adminContactMessages } = await graphql<{ adminContactMessages: { items: StoredContact[] } }>(
    `query($search: String) { adminContactMessages(search: $search) { items { name email subject subjectLabel message readAt } } }`,
    { search: email },
    admin,
  );
  return adminContactMessages.items.filter((item) => item.email === email);
}

/**
 * Watches the form's `openContactForm`: when the ticket arrived and how long a person must take,
 * so the test waits like one instead of being refused as a robot.
 */
function trackTicket(page: Page): { ready(): Promise<void> } {
  let ticket: { at: number; minSeconds: number } | null = null;
  page.on('response', async (res) => {
    if (graphqlOperation(res.request()) !== 'OpenContactForm') return;
    const body = (await res.json().catch(() => null)) as { data?: { openContactForm?: { minSeconds: number } } } | null;
    if (body?.data?.openContactForm) ticket = { at: Date.now(), minSeconds: body.data.openContactForm.minSeconds };
  });
  return {
    async ready() {
      const seen = await eventually(async () => ticket, 'the contact form took no ticket');
      const wait = seen.at + seen.minSeconds * 1000 + 500 - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
    },
  };
}

async function fillContact(page: Page, who: { name: string; email: string; message: string; subject: string }): Promise<void> {
  const form = page.getByTestId('contact-form').last();
  await form.getByLabel('Nom complet').fill(who.name);
  await form.getByLabel('Adresse e-mail').fill(who.email);
  await form.getByLabel('Sujet').selectOption({ label: who.subject });
  await form.getByLabel('Message').fill(who.message);
  await form.getByRole('checkbox').check();
}

describe('the contact form', () => {
  it('refuses an incomplete form with the spec messages, then stores a message sent on /contact', async () => {
    const { context, page } = await newVisitor(browser);
    const ticket = trackTicket(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    expect(await page.getByText('Bientôt disponible').count()).toBe(0);

    // The honeypot is there for robots, hidden from people and their tools.
    const honeypot = form.locator('input[name="website"]');
    expect(await honeypot.getAttribute('tabindex')).toBe('-1');
    expect(await honeypot.getAttribute('autocomplete')).toBe('off');
    expect(await honeypot.locator('xpath=..').getAttribute('aria-hidden')).toBe('true');

    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    for (const message of [
      'Le nom doit contenir au moins 2 caractères',
      'Veuillez entrer une adresse email valide',
      'Veuillez sélectionner un sujet',
      'Le message doit contenir au moins 10 caractères',
      'Vous devez accepter les conditions',
    ]) {
      await form.getByText(message).waitFor();
    }

    const email = uniqueEmail('contact');
    const message = `Bonjour, je voudrais savoir comment lire les guides PDF hors ligne. (${email})`;
    await fillContact(page, { name: 'Awa Ngono', email, message, subject: 'Support technique' });
    await ticket.ready();
    const sending = form.getByRole('button', { name: 'Envoi en cours...' });
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await sending.waitFor({ timeout: 2_000 }).catch(() => undefined);
    await shownToast(page, 'Message envoyé avec succès').waitFor();
    await shownToast(page, 'Nous vous répondrons dans les plus brefs délais.').waitFor();
    // The form is emptied for another message.
    expect(await form.getByLabel('Nom complet').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    await page.screenshot({ path: shotPath('contact-sent.png'), fullPage: false });

    const stored = await eventually(async () => (await storedContacts(email))[0], 'the contact message');
    expect(stored).toMatchObject({ name: 'Awa Ngono', email, subject: 'SUPPORT', subjectLabel: 'Support technique', message, readAt: null });
    // The sender is acknowledged by e-mail.
    expect((await mailsTo(email, 1)).length).toBe(1);
    await context.close();
  });

  it("sends from the header's dialog, which closes once the message is sent", async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    const ticket = trackTicket(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact' });
    await dialog.getByTestId('contact-form').waitFor();
    const email = uniqueEmail('dialogue');
    await fillContact(page, { name: 'Jean Mballa', email, subject: 'Partenariat', message: 'Nous aimerions proposer un partenariat avec notre pharmacie.' });
    await page.screenshot({ path: shotPath('contact-dialog.png') });
    await ticket.ready();
    await dialog.getByRole('button', { name: 'Envoyer le message' }).click();
    await shownToast(page, 'Message envoyé avec succès').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await eventually(async () => (await storedContacts(email))[0], 'the dialog message');
    expect(stored).toMatchObject({ subject: 'PARTNERSHIP', name: 'Jean Mballa' });
    await context.close();
  });
});

describe('the newsletter', () => {
  interface Subscriber {
    email: string;
    status: string;
    source: string;
    confirmedAt: string | null;
  }
  async function subscriber(email: string, status: string): Promise<Subscriber | undefined> {
    const { adminNewsletterSubscribers } = await graphql<{ adminNewsletterSubscribers: { items: Subscriber[] } }>(
      `query($search: String, $status: SubscriberStatus) { adminNewsletterSubscribers(search: $search, status: $status) { items { email status source confirmedAt } } }`,
      { search: email, status },
      admin,
    );
    return adminNewsletterSubscribers.items.find((item) => item.email === email);
  }

  it('subscribes from the footer, confirms from the mailed link with the button, and is listed active', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    const box = footer.getByLabel('Adresse e-mail pour la newsletter');
    await box.scrollIntoViewIfNeeded();

    await box.fill('pas-une-adresse');
    await footer.getByRole('button', { name: 'OK' }).click();
    await footer.getByText('Veuillez entrer une adresse email valide').waitFor();

    const email = uniqueEmail('lettre');
    await box.fill(email);
    await footer.getByRole('button', { name: 'OK' }).click();
    const sent = footer.getByTestId('newsletter-sent');
    await sent.getByText('Vérifiez votre boîte mail').waitFor();
    expect(await sent.textContent()).toContain(email);
    await sent.screenshot({ path: shotPath('newsletter-footer-sent.png') });

    const [mail] = await mailsTo(email, 1);
    const link = linkIn(mail, `${stack.url}/newsletter/confirmation/`);
    // Opening the link (as a mail scanner would) confirms nothing.
    await page.goto(link);
    const confirm = page.getByRole('button', { name: 'Confirmer mon abonnement' });
    await confirm.waitFor();
    await page.screenshot({ path: shotPath('newsletter-confirmation.png') });
    expect(await subscriber(email, 'PENDING')).toMatchObject({ status: 'PENDING', source: 'FOOTER', confirmedAt: null });
    expect(await subscriber(email, 'ACTIVE')).toBeUndefined();

    await confirm.click();
    await page.getByTestId('newsletter-confirmed').getByText('Abonnement confirmé').waitFor();
    await page.screenshot({ path: shotPath('newsletter-confirmed.png') });
    const active = await subscriber(email, 'ACTIVE');
    expect(active).toMatchObject({ email, status: 'ACTIVE', source: 'FOOTER' });
    expect(active?.confirmedAt).toEqual(expect.any(String));
    await context.close();
  });

  it('says so when an unsubscribe link is not valid', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/newsletter/desinscription/ce-lien-est-invalide');
    const error = page.getByTestId('newsletter-unsubscribe-error');
    await error.getByText('Désinscription impossible').waitFor();
    // An invalid link is not worth another try: no 'Réessayer'.
    expect(await error.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    await page.screenshot({ path: shotPath('newsletter-unsubscribe-error.png') });
    await context.close();
  });
});
