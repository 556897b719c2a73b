import type { Page } from 'playwright-core';
import { graphql, browserForFile, newVisitor, shotPath, shownToast, stack } from './harness';
import { adminToken } from './messaging-support';

/** Issue 6 §4: return-to after signing in, the error boundary, the footer's social links. */
const browser = browserForFile();

async function signInOnAuthPage(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

describe('a signed-out visitor sent to /auth', () => {
  it('returns to the guarded page (with its query) after signing in, not to /dashboard', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/videos?category=sleep');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/videos?category=sleep');
    await signInOnAuthPage(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL((url) => url.pathname === '/videos');
    expect(new URL(page.url()).searchParams.get('category')).toBe('sleep');
    await context.close();
  });

  it('returns to a shared video link, even after switching tabs on /auth', async () => {
    const { latestVideo } = await graphql<{ latestVideo: { id: string } }>('{ latestVideo { id } }');
    const { context, page } = await newVisitor(browser);
    // Issue 11: a shared video link shows visitors its public preview ('Connexion requise') instead
    // of sending them straight to /auth; its sign-in link carries the way back.
    await page.goto(`/videos/${latestVideo.id}`);
    await page.getByTestId('sign-in-required').getByRole('heading', { name: 'Connexion requise' }).waitFor();
    await page.getByTestId('preview-sign-in').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/videos/${latestVideo.id}`);
    await page.getByRole('tab', { name: 'Inscription' }).click();
    await page.getByRole('tab', { name: 'Connexion' }).click();
    await signInOnAuthPage(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL((url) => url.pathname === `/videos/${latestVideo.id}`);
    await context.close();
  });

  it('returns to the home after the buy button’s ‘Connexion requise’', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/');
    await page.getByTestId('pay-orange').click();
    await shownToast(page, 'Connexion requise').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signInOnAuthPage(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('never follows a target outside the site: //evil.com goes to /dashboard', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/auth?next=%2F%2Fevil.com');
    await signInOnAuthPage(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(stack.url).host);
    await context.close();
  });
});

describe('the error boundary', () => {
  it('shows a French message and a reload button when a page’s chunk fails to load, and the reload recovers', async () => {
    const { context, page } = await newVisitor(browser);
    await page.route('**/assets/news-page-*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/actualites');
    // The server's page reads fine without its chunk; the page needs it once it goes live, on the
    // visitor's first tap or key press (src/lib/hydrate-when-needed.ts).
    await page.keyboard.press('Shift');
    const screen = page.getByTestId('error-screen');
    await screen.waitFor();
    expect(await screen.getByRole('heading').innerText()).toBe('Cette page n’a pas pu être chargée.');
    // The site layout stays around the message.
    await page.getByTestId('site-footer').waitFor();
    await page.screenshot({ path: shotPath('error-boundary-chunk.png'), fullPage: true });

    await page.unroute('**/assets/news-page-*.js');
    await page.getByRole('button', { name: 'Recharger la page' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Cette page' }).first().waitFor();
    expect(await page.getByTestId('error-screen').count()).toBe(0);
    await context.close();
  });

  it('shows the spec’s unexpected-error message when a page throws while rendering', async () => {
    const { context, page } = await newVisitor(browser);
    await page.route('**/assets/faq-page-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export default function Broken() { throw new Error("boom"); }' }),
    );
    await page.goto('/faq');
    await page.keyboard.press('Shift');
    const screen = page.getByTestId('error-screen');
    await screen.waitFor();
    expect(await screen.getByRole('heading').innerText()).toBe("Une erreur inattendue s'est produite.");
    await screen.getByRole('button', { name: 'Recharger la page' }).waitFor();
    await page.screenshot({ path: shotPath('error-boundary-render.png'), fullPage: true });
    await context.close();
  });
});

describe('the footer', () => {
  const UPDATE = `mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { __typename } }`;

  it('shows only the social networks the administrator set, with their links', async () => {
    const token = await adminToken();
    const set = (input: Record<string, string>) => graphql(UPDATE, { input }, token);
    try {
      await set({ socialFacebook: 'https://www.facebook.com/lbf.sante', socialTwitter: '', socialInstagram: 'https://www.instagram.com/lbf.sante' });
      const { context, page } = await newVisitor(browser);
      await page.goto('/about');
      const links = page.getByTestId('social-links').getByRole('link');
      await page.getByTestId('social-links').waitFor();
      expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]))).toEqual([
        ['Facebook', 'https://www.facebook.com/lbf.sante'],
        ['Instagram', 'https://www.instagram.com/lbf.sante'],
      ]);
      await page.getByTestId('site-footer').screenshot({ path: shotPath('footer-social.png') });

      // None set: no empty row of icons leading nowhere.
      await set({ socialFacebook: '', socialInstagram: '' });
      await page.reload();
      await page.getByTestId('site-footer').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('social-links').count()).toBe(0);
      await context.close();
    } finally {
      await set({ socialFacebook: '', socialTwitter: '', socialInstagram: '' });
    }
  });
});
