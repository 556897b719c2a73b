import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaughtMail } from '../../sandbox/mail/src/catcher';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export type { CaughtMail };

/** The stack started by global-setup: its URL, demo accounts and local mail catcher. */
export const stack = JSON.parse(readFileSync(process.env.LBF_E2E_STACK ?? join(__dirname, '..', '..', '.data', 'e2e', 'stack.json'), 'utf8')) as {
  url: string;
  database: string;
  /** The mail catcher's page and JSON API (sandbox/mail); every mail the stack sends lands there. */
  mailCatcherUrl: string;
  /** The payment providers' sandbox (sandbox/payments): its phone page and APIs. */
  paymentSandboxUrl?: string;
  demo: {
    admin: { email: string; password: string };
    customer: { email: string; password: string };
  };
  /** The key and certificate (PEM files) of the webhooks test's HTTPS receiver, which messaging trusts. */
  webhookCert: { key: string; cert: string };
  /** Where every part of the stack writes the connections it attempts (scripts/lib/egress-recorder.js). */
  egressDir: string;
};

/**
 * Where a screenshot named `name` goes: LBF_E2E_SHOTS when set, else .data/e2e/screens (made on
 * first use). Screenshots are for a reader to look at; no test compares them.
 */
export function shotPath(name: string): string {
  const dir = process.env.LBF_E2E_SHOTS ?? join(__dirname, '..', '..', '.data', 'e2e', 'screens');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/**
 * One Chromium for the whole test file, launched before its tests and closed after them: call it once
 * at the top of the file (`const browser = browserForFile();`) and use `browser` in hooks and tests.
 * Top-level afterAll hooks run in the order they are declared, so one that still needs the browser
 * goes inside the file's describe (it runs when the describe ends, before this one).
 */
export function browserForFile(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test or a hook');
      const value: unknown = Reflect.get(browser, key, browser);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(browser) : value;
    },
  });
}

export async function launchBrowser(): Promise<Browser> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { CHROMIUM_PATH, CHROMIUM_ARGS } = require('../../scripts/lib/chromium') as typeof import('../../scripts/lib/chromium');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A fresh visitor: own cookies and storage, a phone-sized screen by default. The sign-up prompt
 * (a modal on a signed-out visitor's third page) is marked as already shown unless a test asks
 * for it, so it never covers what another test is clicking. The service worker is blocked unless asked for.
 */
export async function newVisitor(
  browser: Browser,
  opts: {
    mobile?: boolean;
    signUpPrompt?: boolean;
    serviceWorkers?: 'allow' | 'block';
    /** The browser's time zone: Douala's by default, where the site's visitors are (phones start on +237). */
    timeZone?: string;
    width?: number;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: stack.url,
    // The site's service worker answers requests a page.route() would not see: only the offline
    // tests, which are about it, let it run.
    serviceWorkers: opts.serviceWorkers ?? 'block',
    locale: 'fr-FR',
    timezoneId: opts.timeZone ?? 'Africa/Douala',
    viewport: opts.mobile === false ? { width: 1280, height: 800 } : { width: opts.width ?? 390, height: 844 },
  });
  if (!opts.signUpPrompt) await context.addInitScript(() => window.sessionStorage.setItem('lbf_signup_prompt_shown', '1'));
  const page = await context.newPage();
  return { context, page };
}

/**
 * The toast on screen with this text. Sonner keeps an earlier toast in the page, hidden, until its
 * time is up, so the same message twice within 5 s is two elements: only one is shown.
 */
export function shownToast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@exemple.test`;
}

/**
 * The captcha's answer, read where only the server keeps it (the browser gets a PNG): the test's
 * back door, through the e2e database's superuser URL.
 */
export async function captchaAnswer(captchaId: string): Promise<string> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${stack.database}` });
  await c.connect();
  try {
    const { rows } = await c.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [captchaId]);
    if (!rows[0]) throw new Error(`no captcha ${captchaId}`);
    return rows[0].answer;
  } finally {
    await c.end();
  }
}

type GraphqlRequest = { url(): string; method(): string; postData(): string | null };

/**
 * The operation a /graphql request names, null for any other request. The app names its registered
 * documents by hash (trusted documents, issue 24): a query is a GET whose URL carries `operationName`
 * and `variables`, a mutation a POST whose body does; neither carries the document's text.
 */
export function graphqlOperation(request: GraphqlRequest): string | null {
  const url = new URL(request.url());
  if (url.pathname !== '/graphql') return null;
  if (request.method() === 'GET') return url.searchParams.get('operationName');
  try {
    return (JSON.parse(request.postData() ?? '{}') as { operationName?: string }).operationName ?? null;
  } catch {
    return null;
  }
}

/** A /graphql request's variables (the URL's of a GET, the body's of a POST), as JSON text. */
export function graphqlVariables(request: GraphqlRequest): string {
  if (request.method() === 'GET') return new URL(request.url()).searchParams.get('variables') ?? '{}';
  try {
    return JSON.stringify((JSON.parse(request.postData() ?? '{}') as { variables?: unknown }).variables ?? {});
  } catch {
    return '{}';
  }
}

/**
 * Follows the captchas the page asks the server for; `latest()` waits for the newest one's id
 * (the form may fetch a fresh captcha when it mounts, on refresh, or after a refusal).
 */
export function trackCaptchas(page: Page): { latest(): Promise<string> } {
  let newest: string | null = null;
  page.on('response', async (res) => {
    if (graphqlOperation(res.request()) !== 'CreateCaptcha') return;
    const body = (await res.json().catch(() => null)) as { data?: { createCaptcha?: { id: string } } } | null;
    if (body?.data?.createCaptcha?.id) newest = body.data.createCaptcha.id;
  });
  return {
    async latest() {
      await page.getByTestId('captcha-image').waitFor();
      await page.waitForLoadState('networkidle');
      if (!newest) throw new Error('the page asked for no captcha');
      return newest;
    },
  };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs the demo administrator in through /admin/login and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(stack.demo.admin.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(stack.demo.admin.password);
  await page.getByRole('button', { name: 'Accès administrateur' }).click();
  await page.waitForURL('**/admin');
}

/** A desktop-sized visitor (1280 px) signed in as the demo administrator (signInAsAdmin). */
export async function newAdminVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await newVisitor(browser, { mobile: false });
  await signInAsAdmin(visitor.page);
  return visitor;
}

/** A desktop-sized visitor signed in as the demo customer, on their dashboard. */
export async function newCustomerVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await newVisitor(browser, { mobile: false });
  await signIn(visitor.page, stack.demo.customer.email, stack.demo.customer.password);
  await visitor.page.waitForURL('**/dashboard');
  return visitor;
}

/**
 * Clicks what starts a download (`start`) and reads the file the browser saved: its suggested
 * name and its text.
 */
export async function downloaded(page: Page, start: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

/** Opens /auth (or `from`, an /auth link with its `next`) on its 'Inscription' tab and returns the sign-up form. */
export async function openSignUpForm(page: Page, from = '/auth?tab=signup'): Promise<Locator> {
  await page.goto(from);
  await page.getByRole('tab', { name: 'Inscription' }).click();
  return page.getByRole('form', { name: 'Inscription' });
}

/**
 * Signs a new customer up through the form (the captcha read through the back door; the form may
 * swap its captcha while the test reads it, so a refused answer asks for a new one, three times at
 * most), the terms accepted (and the health-data consent given when `who` says so), and waits for
 * their dashboard (or, with `opts.from` an /auth link naming a page to go back to, for `opts.landsOn`).
 */
export async function signUpCustomer(
  page: Page,
  who: { firstName: string; lastName: string; email: string; phone: string; healthDataConsent?: boolean },
  opts: { from?: string; landsOn?: string } = {},
): Promise<void> {
  const captchas = trackCaptchas(page);
  const form = await openSignUpForm(page, opts.from);
  await form.getByLabel('Prénom').fill(who.firstName);
  await form.getByLabel('Nom', { exact: true }).fill(who.lastName);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Téléphone', { exact: true }).fill(who.phone);
  await form.getByLabel('Mot de passe', { exact: true }).fill('secret-lbf');
  await form.getByLabel('Confirmer le mot de passe').fill('secret-lbf');
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByTestId('captcha-input').fill(await captchaAnswer(await captchas.latest()));
      await page.getByText('✓ Code correct').waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.getByRole('button', { name: 'Nouveau code' }).click();
    }
  }
  await form.getByLabel("J'accepte les conditions d'utilisation et la politique de confidentialité").check();
  if (who.healthDataConsent) await form.getByTestId('signup-health-data').check();
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForURL(opts.landsOn ?? '**/dashboard');
}

/** A fresh visitor (newVisitor's options) signed up as a new customer (signUpCustomer), on their dashboard. */
export async function newSignedUpVisitor(
  browser: Browser,
  who: Parameters<typeof signUpCustomer>[1],
  opts: Parameters<typeof newVisitor>[1] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await newVisitor(browser, opts);
  await signUpCustomer(visitor.page, who);
  return visitor;
}

/** A customer account made through the sign-up form (newSignedUpVisitor), its browser then closed: it only has to exist. */
export async function signedUpCustomer(browser: Browser, who: Parameters<typeof signUpCustomer>[1], opts: Parameters<typeof newVisitor>[1] = {}): Promise<void> {
  const visitor = await newSignedUpVisitor(browser, who, opts);
  await visitor.context.close();
}

/**
 * The mails the stack's catcher holds for `to` (its SMTP envelope, case-insensitive), oldest first,
 * once there are at least `count` (of those `where` accepts, when given): polls the catcher's JSON
 * API and fails naming what arrived after `timeoutMs` (mails leave through a queued job, so they
 * take a moment).
 */
export async function mailsTo(
  to: string,
  count = 1,
  opts: { timeoutMs?: number; where?: (mail: CaughtMail) => boolean } = {},
): Promise<CaughtMail[]> {
  if (!stack.mailCatcherUrl) throw new Error('this stack runs no mail catcher (SMTP_URL was set)');
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${stack.mailCatcherUrl}/api/mails?to=${encodeURIComponent(to)}`);
    if (!res.ok) throw new Error(`the mail catcher answered ${res.status}`);
    const all = (await res.json()) as CaughtMail[];
    const got = opts.where ? all.filter(opts.where) : all;
    if (got.length >= count) return got;
    if (Date.now() > deadline) {
      const seen = all.map((m) => JSON.stringify(m.subject)).join(', ') || 'none';
      throw new Error(`expected ${count} mail(s) to ${to} within ${timeoutMs / 1000}s, got ${got.length} (all mails to it: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The first link in a mail (text part, then HTML) that starts with `prefix`, e.g.
 * `${stack.url}/auth?reset=`; throws naming the mail when there is none.
 */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text ?? ''}\n${mail.html ?? ''}`);
  if (!found) throw new Error(`no link starting with ${prefix} in the mail "${mail.subject}"`);
  return found[0].replace(/&amp;/g, '&');
}

/** One GraphQL request to the stack's gateway (with a token when given); fails on any error, even beside data. */
export async function graphql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${stack.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const SIGN_IN = `mutation($input: SignInInput!) { signIn(input: $input) { accessToken error { message } } }`;

/** A session token for this account, through the gateway's signIn; fails naming why it was refused. */
export async function tokenFor(email: string, password: string): Promise<string> {
  const { signIn: session } = await graphql<{ signIn: { accessToken: string | null; error: { message: string } | null } }>(SIGN_IN, {
    input: { email, password },
  });
  if (!session.accessToken) throw new Error(`${email} could not sign in: ${session.error?.message}`);
  return session.accessToken;
}
