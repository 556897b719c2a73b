import { browserForFile, linkIn, mailsTo, newVisitor, signedUpCustomer, signIn, stack, uniqueEmail, type CaughtMail } from './harness';

const browser = browserForFile();

const OLD_PASSWORD = 'secret-lbf';
const NEW_PASSWORD = 'nouveau-secret-2026';
const resetPrefix = () => `${stack.url}/auth?reset=`;
const isResetMail = (m: CaughtMail) => `${m.text ?? ''}${m.html ?? ''}`.includes(resetPrefix());

/** Signs in from a fresh visitor; true when the dashboard opens, false on the spec's refusal. */
async function canSignIn(email: string, password: string): Promise<boolean> {
  const { context, page } = await newVisitor(browser);
  try {
    await signIn(page, email, password);
    const outcome = await Promise.race([
      page.waitForURL('**/dashboard').then(() => true),
      page.getByText('Email ou mot de passe incorrect.').first().waitFor().then(() => false),
    ]);
    return outcome;
  } finally {
    await context.close();
  }
}

describe('a customer who forgot their password', () => {
  it('asks for a link on /auth, gets it by e-mail, sets a new password with it once, and signs in with the new one only', async () => {
    const email = uniqueEmail('oubli');
    await signedUpCustomer(browser, { firstName: 'Brigitte', lastName: 'Essomba', email, phone: '655123456' });

    // The forgot-password view of the sign-in tab.
    const { context, page } = await newVisitor(browser);
    await page.goto('/auth');
    await page.getByRole('form', { name: 'Connexion' }).getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié ?' }).waitFor();
    await page.locator('#signin-forgot-email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByTestId('forgot-result').getByText("Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé.").waitFor();

    // The mail reaches the local catcher: one reset mail, French, with its link.
    const [mail] = await mailsTo(email, 1, { where: isResetMail });
    expect(mail.envelopeTo).toEqual([email.toLowerCase()]);
    expect(mail.html).not.toBeNull();
    expect(mail.text).not.toBeNull();
    const link = linkIn(mail, resetPrefix());

    // The link opens the reset form; the new password is saved.
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Nouveau mot de passe' });
    await form.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié. Vous pouvez vous connecter.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/auth' && !url.searchParams.has('reset'));

    // The link a second time is refused.
    await page.goto(link);
    const again = page.getByRole('form', { name: 'Nouveau mot de passe' });
    await again.getByLabel('Mot de passe', { exact: true }).fill('encore-un-autre');
    await again.getByLabel('Confirmer le mot de passe').fill('encore-un-autre');
    await again.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Ce lien de réinitialisation est invalide ou a expiré.').first().waitFor();
    await context.close();

    // One reset mail for one request.
    expect(await mailsTo(email, 1, { where: isResetMail })).toHaveLength(1);
    await expect(canSignIn(email, OLD_PASSWORD)).resolves.toBe(false);
    await expect(canSignIn(email, 'encore-un-autre')).resolves.toBe(false);
    await expect(canSignIn(email, NEW_PASSWORD)).resolves.toBe(true);
  });
});
