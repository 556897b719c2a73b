import { browserForFile, newSignedUpVisitor, newVisitor, shotPath, shownToast, signIn, uniqueEmail } from './harness';

const browser = browserForFile();

/**
 * « Mes données » (issue 23): a customer signs up on a phone accepting the terms, finds the consents
 * they gave with their date and version, gives the health-data consent, sees their two devices (the
 * phone and a computer), disconnects the other one, and the computer is refused at once.
 */
describe('« Mes données »', () => {
  it('shows the consents and the devices, and « Déconnecter tous les autres » signs the other device out at once', async () => {
    const email = uniqueEmail('donnees');
    const phone = await newSignedUpVisitor(browser, { firstName: 'Nadège', lastName: 'Essomba', email, phone: '677889900' });
    const computer = await newVisitor(browser, { mobile: false });
    await signIn(computer.page, email, 'secret-lbf');
    await computer.page.waitForURL('**/dashboard');

    const { page } = phone;
    await page.getByRole('tab', { name: 'Mes données' }).click();
    await page.waitForURL('**/dashboard/donnees');
    const myData = page.getByTestId('my-data');
    await expect(myData.getByTestId('my-data-profile').innerText()).resolves.toContain(email);
    await page.screenshot({ path: shotPath('my-data-phone-top.png') });

    // The terms and the privacy notice, accepted at sign-up, with the versions in force.
    const consents = myData.getByTestId('consent-row');
    await consents.first().waitFor();
    const rows = await consents.allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).toMatch(/Conditions d'utilisation[\s\S]*Donné le .*, à l'inscription[\s\S]*Version du 22 novembre 2026/);
    expect(rows.join('\n')).toMatch(/Politique de confidentialité[\s\S]*Version du 27 novembre 2026/);

    // The health-data consent, not given at sign-up, given here behind a confirmation.
    const health = myData.getByTestId('health-consent');
    await expect(health.getAttribute('data-given')).resolves.toBe('false');
    await health.getByRole('button', { name: 'Donner mon consentement' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmer' }).click();
    await shownToast(page, 'Consentement enregistré').waitFor();
    await myData.locator('[data-testid="health-consent"][data-given="true"]').waitFor();
    await myData.locator('[data-testid="consent-row"][data-kind="HEALTH_DATA"]').getByText('depuis votre compte', { exact: false }).waitFor();

    // Two devices: this phone first, marked, and the computer.
    await page.reload();
    const sessions = myData.getByTestId('session-row');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    await expect(sessions.first().getAttribute('data-current')).resolves.toBe('true');
    await expect(sessions.first().innerText()).resolves.toMatch(/Cet appareil/);
    await expect(sessions.nth(1).innerText()).resolves.toMatch(/Ordinateur/);
    await myData.getByTestId('sessions').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('my-data-phone-sessions.png') });
    await page.screenshot({ path: shotPath('my-data-phone.png'), fullPage: true });

    await myData.getByRole('button', { name: 'Déconnecter tous les autres' }).click();
    await shownToast(page, '1 appareil déconnecté').waitFor();
    await sessions.nth(1).waitFor({ state: 'detached' });
    expect(await sessions.count()).toBe(1);

    // The computer is refused at once: its next page finds no session and goes to sign-in.
    await computer.page.goto('/dashboard/donnees');
    await computer.page.waitForURL('**/auth**');
    // This phone goes on.
    await page.reload();
    await myData.getByTestId('my-data-profile').waitFor();
    await phone.context.close();
    await computer.context.close();
  });
});
