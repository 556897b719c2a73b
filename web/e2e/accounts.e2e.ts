import type { Page } from 'playwright-core';
import { captchaAnswer, graphql, graphqlOperation, browserForFile, newVisitor, openSignUpForm, shotPath, shownToast, signUpCustomer, trackCaptchas, signIn, stack, uniqueEmail } from './harness';
import { adminToken } from './messaging-support';

const browser = browserForFile();

describe('a new visitor', () => {
  it('signs up through the real form with the captcha and lands on /dashboard', async () => {
    const { context, page } = await newVisitor(browser);
    const captchas = trackCaptchas(page);
    const form = await openSignUpForm(page);
    await form.getByLabel('Prénom').fill('Aïcha');
    await form.getByLabel('Nom', { exact: true }).fill('Diallo');
    await form.getByLabel('Email').fill(uniqueEmail('aicha'));
    // Country picker: the visitor's own (Douala: Cameroon) by default; search and pick another one.
    await page.getByTestId('phone-country').click();
    await page.getByLabel('Rechercher un pays...').fill('Atlantide');
    await page.getByText('Aucun pays trouvé.').waitFor();
    await page.getByLabel('Rechercher un pays...').fill('Camer');
    await page.getByRole('option', { name: /Cameroun/ }).click();
    await expect(page.getByTestId('phone-country').innerText()).resolves.toContain('+237');
    await form.getByLabel('Téléphone', { exact: true }).fill('690 00-00 12');
    await form.getByLabel('Mot de passe', { exact: true }).fill('secret-lbf');
    await form.getByLabel('Confirmer le mot de passe').fill('secret-lbf');

    const submit = form.getByRole('button', { name: 'Créer mon compte' });
    await expect(submit.isDisabled()).resolves.toBe(true);

    await page.getByTestId('captcha-input').fill('XXXXX');
    await page.getByText('✗ Code incorrect').waitFor();
    await page.getByTestId('captcha-input').fill((await captchaAnswer(await captchas.latest())).toLowerCase());
    await page.getByText('✓ Code correct').waitFor();

    // The terms and the privacy notice must be accepted: said under their box.
    await submit.click();
    await page.getByText("Vous devez accepter les conditions d'utilisation et la politique de confidentialité.").waitFor();
    await page.screenshot({ path: shotPath('sign-up-consents-phone.png'), fullPage: true });
    await form.getByLabel("J'accepte les conditions d'utilisation et la politique de confidentialité").check();
    await submit.click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Bonjour Aïcha !').waitFor();
    await context.close();
  });

  it('is told the passwords do not match, in the spec’s words', async () => {
    const { context, page } = await newVisitor(browser);
    const captchas = trackCaptchas(page);
    const form = await openSignUpForm(page);
    await form.getByLabel('Prénom').fill('Moussa');
    await form.getByLabel('Nom', { exact: true }).fill('Traoré');
    await form.getByLabel('Email').fill(uniqueEmail('moussa'));
    await form.getByLabel('Téléphone', { exact: true }).fill('690123456');
    await form.getByLabel('Mot de passe', { exact: true }).fill('secret-lbf');
    await form.getByLabel('Confirmer le mot de passe').fill('autre-chose');
    await page.getByTestId('captcha-input').fill(await captchaAnswer(await captchas.latest()));
    await page.getByText('✓ Code correct').waitFor();
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Les mots de passe ne correspondent pas.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('in Abidjan finds Côte d’Ivoire picked, and a number typed with +237 is saved as Cameroon’s', async () => {
    const { context, page } = await newVisitor(browser, { timeZone: 'Africa/Abidjan' });
    const captchas = trackCaptchas(page);
    const form = await openSignUpForm(page);
    await expect(page.getByTestId('phone-country').innerText()).resolves.toMatch(/CI\s*\+225/);
    await form.getByLabel('Prénom').fill('Kouamé');
    await form.getByLabel('Nom', { exact: true }).fill('Yao');
    await form.getByLabel('Email').fill(uniqueEmail('kouame'));
    const phone = form.getByLabel('Téléphone', { exact: true });
    await phone.fill('+237 677 12 34 56');
    await form.getByLabel('Mot de passe', { exact: true }).click();
    // Leaving the box moves the picker to the number's own country.
    await expect(page.getByTestId('phone-country').innerText()).resolves.toMatch(/CM\s*\+237/);
    expect(await phone.inputValue()).toBe('677123456');
    await form.getByLabel('Mot de passe', { exact: true }).fill('secret-lbf');
    await form.getByLabel('Confirmer le mot de passe').fill('secret-lbf');
    await page.getByTestId('captcha-input').fill(await captchaAnswer(await captchas.latest()));
    await page.getByText('✓ Code correct').waitFor();
    await form.getByLabel("J'accepte les conditions d'utilisation et la politique de confidentialité").check();
    const answer = page.waitForResponse((res) => graphqlOperation(res.request()) === 'SignUp');
    await form.getByRole('button', { name: 'Créer mon compte' }).click();
    const body = (await (await answer).json()) as { data: { signUp: { user: { phone: string } | null } } };
    expect(body.data.signUp.user?.phone).toBe('+237677123456');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('in Paris finds France picked, and in Douala Cameroon', async () => {
    for (const [timeZone, shown] of [
      ['Europe/Paris', /FR\s*\+33/],
      ['Africa/Douala', /CM\s*\+237/],
    ] as const) {
      const { context, page } = await newVisitor(browser, { timeZone });
      await openSignUpForm(page);
      await expect(page.getByTestId('phone-country').innerText()).resolves.toMatch(shown);
      await context.close();
    }
  });

  it('opening /admin signed out sees “Accès restreint” and is sent to /auth', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/admin/users');
    await shownToast(page, 'Accès restreint').filter({ hasText: 'Vous devez être connecté pour accéder à ce contenu.' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });

  it('opening /videos signed out sees “Accès restreint” and is sent to /auth', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/videos');
    await page.getByText('Accès restreint').waitFor();
    await page.getByText('Vous devez être connecté pour accéder à ce contenu.').waitFor();
    // The page to come back to rides along (navigation.e2e.ts follows it after signing in).
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/videos');
    await context.close();
  });

  it('sees the 404 page in the spec’s English words on an unknown path', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/nulle-part');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(stack.url + '/');
    await context.close();
  });
});

describe('the sign-up prompt', () => {
  it('invites a signed-out visitor on their third page, once, and leads to /auth', async () => {
    const { context, page } = await newVisitor(browser, { signUpPrompt: true });
    await page.goto('/');
    await page.getByTestId('hero-title').waitFor();
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.waitForURL('**/faq');
    // Wait for the page itself, not only its URL: the lazily loaded page moves the footer as it
    // arrives, and a click aimed at a link that is still moving can land on nothing.
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'À propos' }).first().click();
    await page.waitForURL('**/about');
    const dialog = page.getByRole('dialog', { name: 'LBF' });
    await dialog.waitFor();
    await dialog.getByText('Déjà un compte ?').waitFor();
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await page.waitForURL('**/auth**');
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('a customer', () => {
  it('opening /admin sees “Accès restreint” and is sent to /', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await shownToast(page, 'Accès restreint').filter({ hasText: 'Cette page est réservée aux administrateurs.' }).waitFor();
    await page.waitForURL(stack.url + '/');
    await context.close();
  });

  it('banned while on the site is told « Compte désactivé » on the open page at once, without a click', async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    const email = uniqueEmail('banni');
    // The page's live socket (the header's unread count) is what the gateway closes on a ban.
    const socketOpen = waitForLiveSocket(page);
    await signUpCustomer(page, { firstName: 'Bertrand', lastName: 'Nkodo', email, phone: '677889900' });
    await socketOpen;

    const token = await adminToken();
    const { adminUsers } = await graphql<{ adminUsers: { items: { id: string }[] } }>(
      'query($search: String) { adminUsers(search: $search) { items { id } } }',
      { search: email },
      token,
    );
    const { banUser } = await graphql<{ banUser: { error: { message: string } | null } }>(
      'mutation($input: BanUserInput!) { banUser(input: $input) { error { message } } }',
      { input: { userId: adminUsers.items[0]!.id, reason: 'Fraude au paiement.' } },
      token,
    );
    expect(banUser.error).toBeNull();
    const bannedAt = Date.now();

    const notice = shownToast(page, 'Compte désactivé');
    await notice.filter({ hasText: 'Votre compte est désactivé' }).waitFor({ timeout: 8_000 });
    // Told within the gateway's revocation check (2 s) and one refresh, not on a later click.
    expect(Date.now() - bannedAt).toBeLessThan(6_000);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await shownToast(page, 'Vous devez être connecté').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mon compte' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('has no Administration entry in the account menu', async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    await signIn(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitem', { name: 'Tableau de bord' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await context.close();
  });
});

describe('an administrator', () => {
  it('sees the Administration entry and reaches the admin shell', async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(stack.demo.admin.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(stack.demo.admin.password);
    await page.getByRole('button', { name: 'Accès administrateur' }).click();
    await page.waitForURL('**/admin');
    await page.getByText('Version 1.0').waitFor();
    for (const entry of ['Paramètres du site', 'Gestion des utilisateurs', 'Statistiques', 'Newsletter', 'Messages']) {
      await page.getByRole('link', { name: entry }).first().waitFor();
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).waitFor();
    await context.close();
  });
});

/** Resolves once the page holds an acknowledged graphql-ws socket (30 s at most). */
function waitForLiveSocket(page: Page): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('no live socket opened by the page')), 30_000);
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/graphql')) return;
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"connection_ack"')) {
          clearTimeout(deadline);
          resolve();
        }
      });
    });
  });
}
