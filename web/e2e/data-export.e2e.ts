import { browserForFile, mailsTo, newAdminVisitor, newSignedUpVisitor, shotPath, shownToast, signedUpCustomer, uniqueEmail } from './harness';

const browser = browserForFile();

/**
 * « Exporter mes données » (issue 23, right of access and portability): a customer asks from « Mes
 * données », watches it prepared, then « Télécharger » gives the ZIP the mail links too; an
 * administrator asks for another customer from the users' page, with a reason, and the link goes
 * to that customer.
 */
describe('« Exporter mes données »', () => {
  it('prepares the archive and offers « Télécharger » with the link’s expiry; the mail carries the same link', async () => {
    const email = uniqueEmail('export');
    const { page, context } = await newSignedUpVisitor(browser, { firstName: 'Clarisse', lastName: 'Ebongue', email, phone: '677112233' });
    await page.goto('/dashboard/donnees');
    const section = page.getByTestId('data-export');
    await section.getByRole('heading', { name: 'Exporter mes données' }).waitFor();
    await section.getByRole('button', { name: "Demander l'export" }).click();
    await shownToast(page, 'Export demandé').waitFor();
    const ready = section.getByTestId('data-export-ready');
    await ready.waitFor({ timeout: 60_000 });
    await expect(ready.innerText()).resolves.toMatch(/Prêt[\s\S]*Lien valable jusqu'au .*\(24 heures\)/);
    await page.screenshot({ path: shotPath('my-data-export-ready.png') });
    const href = await ready.getByRole('link', { name: 'Télécharger' }).getAttribute('href');
    expect(href).toMatch(/\/donnees\/export\/[A-Za-z0-9_.-]+$/);
    const archive = await page.request.get(href!);
    expect(archive.status()).toBe(200);
    expect(archive.headers()['content-type']).toBe('application/zip');
    expect((await archive.body()).subarray(0, 2).toString()).toBe('PK');
    const [mail] = await mailsTo(email, 1, { where: (m) => m.subject.startsWith('Vos données sont prêtes') });
    expect(mail!.text).toContain(href!);
    // Ready: no second request offered today.
    expect(await section.getByRole('button', { name: "Demander l'export" }).count()).toBe(0);
    await context.close();
  }, 120_000);

  it('is asked by an administrator for a customer, with a reason, and mailed to the customer', async () => {
    const email = uniqueEmail('export-admin');
    await signedUpCustomer(browser, { firstName: 'Gaston', lastName: 'Mbarga', email, phone: '677445566' });
    const { page, context } = await newAdminVisitor(browser);
    await page.goto('/admin/users');
    await page.getByLabel('Rechercher un utilisateur').fill(email);
    await page.getByRole('button', { name: 'Exporter les données de Gaston Mbarga', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Exporter les données' }).waitFor();
    await dialog.getByLabel("Motif de l'export").fill('Demande reçue par e-mail.');
    await dialog.getByRole('button', { name: 'Exporter les données' }).click();
    await shownToast(page, 'Export demandé').waitFor();
    const [mail] = await mailsTo(email, 1, { where: (m) => m.subject.startsWith('Vos données sont prêtes'), timeoutMs: 60_000 });
    expect(mail!.text).toContain('À votre demande, notre équipe a préparé');
    await context.close();
  }, 120_000);
});
