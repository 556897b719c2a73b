import { Browser } from '@lbf/service-kit/testing';
import { createHash } from 'node:crypto';
import { signUpThroughGateway } from './accounts';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway, type RunningGateway } from '../src/app';
import type { GatewayConfig } from '../src/config';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';
import { fetchSite } from './support';

/**
 * The public pages come from the gateway as complete HTML (issue 11), read here with plain fetch
 * (no JavaScript): headings, text, title and Open Graph tags; the 404; the same bytes whoever asks;
 * the app shell when the render fails or takes too long.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildStale, root } = require('../../scripts/lib/build') as { buildStale(o: { log(): void }): void; root: string };

const WEB_DIST = join(root, 'web', 'dist');
const SSR_BUNDLE = join(root, 'web', 'dist-ssr', 'entry-server.cjs');

function decode(html: string): string {
  return html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function title(html: string): string | null {
  return /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? null;
}

function metaContent(html: string, attr: 'name' | 'property', key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]!) : null;
}

function h1(html: string): string | null {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decode(m[1]!.replace(/<[^>]+>/g, '').replace(/<!--.*?-->/g, '')).trim() : null;
}

/** The markup inside #root, what a browser without JavaScript shows. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="lbf-ssr">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

describe('server-rendered public pages', () => {
  let stack: FiveServices;
  let site: RunningGateway;
  const article = { id: '', title: 'Le moringa au quotidien', excerpt: 'Une plante riche en fer.', text: 'Trois cuillères de poudre par jour' };
  const customer = { firstName: 'Ndeye', lastName: 'Sarr-Confidentielle', email: '' };
  let customerToken = '';
  let customerCookie = '';
  let adminToken = '';
  const temp = mkdtempSync(join(tmpdir(), 'lbf-ssr-test-'));

  const gatewayConfig = (over: Partial<GatewayConfig>): GatewayConfig =>
    stackGatewayConfig(stack, {
      webDist: WEB_DIST,
      ssrBundle: SSR_BUNDLE,
      publicUrl: 'https://lbf.example',
      ...over,
    });
  /** A gateway of its own for one test, with these settings: ready before `use`, stopped whatever happens. */
  const withGateway = async (over: Partial<GatewayConfig>, use: (gateway: RunningGateway) => Promise<void>) => {
    const gateway = await startGateway(gatewayConfig(over));
    try {
      await gateway.ready;
      await use(gateway);
    } finally {
      await gateway.stop();
    }
  };

  // On the site's one address (https://lbf.example): a page asked on another host is redirected there.
  const page = (path: string, headers: Record<string, string> = {}) => fetchSite(site, path, { headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    // The web app and its server bundle, as `npm test` and `npm start` build them (a no-op when fresh).
    buildStale({ log: () => undefined });
    stack = await startFiveServices();
    // Cache off: every request below is a render of its own, so equal bytes mean equal renders.
    site = await startGateway(gatewayConfig({ ssrCacheTtlMs: 0 }));
    await site.ready;

    const signedUp = await signUpThroughGateway(stack, { firstName: customer.firstName, lastName: customer.lastName });
    customer.email = signedUp.email;
    customerToken = signedUp.browser.token!;
    customerCookie = signedUp.browser.cookieHeader() ?? '';
    expect(customerCookie).toContain('lbf_refresh=');

    // An administrator writes an article whose body carries a script: stored sanitised.
    await stack.env.sql.query(`INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')`, [signedUp.id]);
    const admin = new Browser(stack.gateway.url);
    const signIn = await admin.gql('mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }', {
      input: { email: customer.email, password: 'secret1', asAdmin: true },
    });
    admin.token = signIn.data!.signIn.accessToken;
    adminToken = signIn.data!.signIn.accessToken;
    const created = await admin.gql('mutation($input: CreateArticleInput!) { createArticle(input: $input) { article { id } error { message } } }', {
      input: {
        title: article.title,
        excerpt: article.excerpt,
        bodyHtml: `<h2>Bienfaits</h2><p onclick="voler()">${article.text}.</p><script>window.pirate = "volé"</script>`,
        author: 'Dr Aminata Diallo',
        category: 'nutrition',
        publish: true,
      },
    });
    expect(created.data!.createArticle.error).toBeNull();
    article.id = created.data!.createArticle.article.id;
    // The customer is a customer again for the rest of the file.
    await stack.env.sql.query(`DELETE FROM identity.admin_roles WHERE user_id = $1`, [signedUp.id]);
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    await stack?.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  const publicPages: Array<{ path: string; h1: RegExp; title: RegExp; text: string | (() => string) }> = [
    { path: '/', h1: /.+/, title: /^Votre santé, notre priorité \| LBF$/, text: 'Actualités' },
    { path: '/actualites', h1: /^Actualités/, title: /^Actualités \| LBF$/, text: () => article.title },
    { path: '/about', h1: /.+/, title: /^Qui sommes-nous \? \| LBF$/, text: 'LBF' },
    { path: '/faq', h1: /.+/, title: /^FAQ \| LBF$/, text: '?' },
    { path: '/contact', h1: /.+/, title: /\| LBF$/, text: '@' },
    { path: '/terms', h1: /.+/, title: /\| LBF$/, text: 'LBF' },
    { path: '/privacy', h1: /.+/, title: /\| LBF$/, text: 'LBF' },
  ];

  it.each(publicPages)('renders $path with its heading, text, title and Open Graph tags', async ({ path, h1: heading, title: pageTitle, text }) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^W\/"/);
    const html = await res.text();
    const markup = rootMarkup(html);
    expect(h1(markup)).toMatch(heading);
    expect(decode(markup)).toContain(typeof text === 'function' ? text() : text);
    expect(title(html)).toMatch(pageTitle);
    expect(metaContent(html, 'property', 'og:title')).toBe(decode(title(html)!).replace(/ \| LBF$/, ''));
    expect(metaContent(html, 'property', 'og:url')).toBe(`https://lbf.example${path}`);
    expect(html).toContain(`<link rel="canonical" href="https://lbf.example${path}" />`);
    // One title and no leftover default description from index.html.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it.each(['/actualites/', '/actualite/'])('renders an article (%s:id) with its body sanitised', async (prefix) => {
    const res = await page(`${prefix}${article.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const markup = rootMarkup(html);
    expect(h1(markup)).toBe(article.title);
    expect(markup).toContain(article.text);
    expect(title(html)).toBe(`${article.title} | LBF`);
    expect(metaContent(html, 'property', 'og:title')).toBe(article.title);
    expect(html).not.toContain('window.pirate');
    expect(html).not.toContain('onclick');
    // The only scripts are the data block and index.html's own two inline scripts (held taps, and the
    // loader that fetches the app's modules once the page has loaded), which the page's CSP allows by
    // their hashes (nothing of the article's is run).
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.every((s) => /type="module"/.test(s) || /type="application\/json" id="lbf-ssr"/.test(s) || s === '<script>')).toBe(true);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
    expect(inline).toHaveLength(2);
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' ${inline.join(' ')}`);
  });

  it('hands the browser the data it rendered with, safe inside <script>', async () => {
    const html = await (await page(`/actualites/${article.id}`)).text();
    const block = /<script type="application\/json" id="lbf-ssr">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toMatch(/<\/?script/i);
    const payload = JSON.parse(block) as { answers: Array<{ operationName: string; variables: Record<string, unknown>; data: unknown }>; lowData: boolean; route: string };
    expect(payload.lowData).toBe(false);
    // The manifest's key of the page, for what the start-up module does on some pages only (main.tsx).
    expect(payload.route).toBe('article');
    // One answer per query, named as the browser's hooks ask for it (data/seeds.ts).
    const answer = payload.answers.find((a) => a.operationName === 'ArticlePage');
    expect(answer?.variables).toEqual({ id: article.id });
    expect(JSON.stringify(answer?.data)).toContain(article.title);
  });

  it('renders the low-data flag from Save-Data: on', async () => {
    const html = await (await page('/', { 'save-data': 'on' })).text();
    expect(html).toContain('"lowData":true');
  });

  it('answers an unknown path with 404 and the not-found page', async () => {
    const res = await page('/nulle-part/ici');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(title(html)).toBe('Page introuvable | LBF');
    expect(rootMarkup(html)).toContain('404');
  });

  it("inlines the page's critical CSS in <head> and loads the whole stylesheet after the page, without blocking its first paint", async () => {
    const shell = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(shell)![1]!;
    const full = readFileSync(join(WEB_DIST, stylesheet), 'utf8');
    for (const path of ['/', '/actualites', `/actualites/${article.id}`, '/about']) {
      const html = await (await page(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const css = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? '';
      // The rules of what the page shows (its container, each class of its heading), not the whole sheet.
      expect(css).toMatch(/\.container-page\{[^}]*margin-inline/);
      const headingClasses = /<h1\b[^>]*\sclass="([^"]+)"/.exec(rootMarkup(html))![1]!.split(/\s+/);
      const styled = headingClasses.map((c) => `.${c.replace(/[^\w-]/g, (ch) => `\\${ch}`)}{`).filter((rule) => full.includes(rule));
      expect(styled.length).toBeGreaterThan(1);
      for (const rule of styled) expect(css).toContain(rule);
      expect(css.length).toBeLessThan(full.length * 0.6);
      // Nothing in <head> waits for the network; the stylesheet comes once the page and its data block are in.
      expect(head).not.toContain('rel="stylesheet"');
      const body = html.slice(html.indexOf('</head>'));
      const link = body.indexOf(`<link rel="stylesheet" crossorigin href="${stylesheet}">`);
      expect(link).toBeGreaterThan(body.indexOf('id="lbf-ssr"'));
      expect(link).toBeLessThan(body.indexOf('</body>'));
      expect(html).not.toMatch(/onload=|media="print"/);
    }
  });

  it('keeps the app shell for signed-in pages', async () => {
    for (const path of ['/dashboard', '/admin/users', '/auth', '/videos']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="lbf-ssr"');
      // Nothing rendered, no critical CSS: the shell keeps Vite's stylesheet link in <head>.
      expect(html.slice(0, html.indexOf('</head>'))).toContain('rel="stylesheet"');
      expect(html).not.toContain('<style>');
    }
  });

  it("gives a signed-in visitor's request the visitor's bytes: nobody's data in the HTML", async () => {
    for (const path of ['/', '/actualites', `/actualites/${article.id}`, '/about']) {
      const visitor = await (await page(path)).text();
      const signedIn = await (await page(path, { cookie: customerCookie, authorization: `Bearer ${customerToken}` })).text();
      expect(signedIn).not.toContain(customer.lastName);
      expect(signedIn).not.toContain(customer.email);
      expect(signedIn).toBe(visitor);
    }
  });

  it('revalidates with the ETag', async () => {
    const first = await page('/about');
    await first.text();
    const again = await page('/about', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('falls back to the app shell when the render fails or takes too long', async () => {
    const broken = join(temp, 'broken.cjs');
    writeFileSync(broken, 'exports.render = async () => { throw new Error("rendu cassé"); };');
    const slow = join(temp, 'slow.cjs');
    writeFileSync(slow, 'exports.render = () => new Promise(() => undefined);');
    for (const [bundle, timeout] of [
      [broken, 3000],
      [slow, 300],
    ] as const) {
      await withGateway({ ssrBundle: bundle, ssrTimeoutMs: timeout }, async (gateway) => {
        const res = await fetchSite(gateway, '/about', { headers: { accept: 'text/html' } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain('<div id="root"></div>');
        expect(html).toContain('<title>LBF</title>');
        expect(gateway.ssrStats()).toMatchObject({ fallbacks: 1 });
      });
    }
  });

  it('reuses a rendered page within its time to live', async () => {
    await withGateway({ ssrCacheTtlMs: 60_000 }, async (cached) => {
      const first = await fetchSite(cached, '/faq', { headers: { accept: 'text/html' } });
      const firstBody = await first.text();
      const second = await fetchSite(cached, '/faq', { headers: { accept: 'text/html' } });
      expect(await second.text()).toBe(firstBody);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(cached.ssrStats()).toEqual({ renders: 1, hits: 1, fallbacks: 0, invalidations: 0 });
    });
  });

  it('says which render had a failed query, and keeps only complete pages', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(SSR_BUNDLE) as { render(r: unknown): Promise<{ kind: string; html: string; state: string; degraded: boolean }> };
    const viaApi = async (r: { query: string; variables?: unknown; operationName?: string }) =>
      (await fetch(stack.gateway.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(r) })).json();
    for (const path of ['/', '/actualites', `/actualites/${article.id}`, '/about', '/faq', '/contact', '/terms', '/privacy', '/nimporte-quoi']) {
      const complete = await bundle.render({ url: path, origin: 'https://lbf.example', lowData: false, execute: viaApi });
      expect({ path, degraded: complete.degraded }).toEqual({ path, degraded: false });
    }
    // The counters' service is down: the home shows « Indisponible » there, and says so.
    const countersDown = async (r: { query: string; operationName?: string }) =>
      r.operationName === 'HomeCounters' ? { data: null, errors: [{ message: 'analytics is unreachable' }] } : viaApi(r);
    const degraded = await bundle.render({ url: '/', origin: 'https://lbf.example', lowData: false, execute: countersDown });
    expect(degraded.kind).toBe('page');
    expect(degraded.html).toContain('Indisponible pour le moment');
    expect(degraded.degraded).toBe(true);
    // The browser's hydrating render starts from the same failure, not from a loading state.
    const block = /<script type="application\/json" id="lbf-ssr">([\s\S]*?)<\/script>/.exec(degraded.state)![1]!;
    const answers = (JSON.parse(block) as { answers: Array<{ operationName: string; data: unknown; error?: string }> }).answers;
    expect(answers.find((a) => a.operationName === 'HomeCounters')).toMatchObject({ data: null, error: expect.any(String) });
    expect(answers.find((a) => a.operationName === 'HomePage')).toMatchObject({ data: expect.anything() });
    expect(answers.find((a) => a.operationName === 'HomePage')!.error).toBeUndefined();
    const thrown = await bundle.render({ url: '/', origin: 'https://lbf.example', lowData: false, execute: (r: { operationName?: string }) => (r.operationName === 'HomeCounters' ? Promise.reject(new Error('socket hang up')) : viaApi(r as never)) });
    expect(thrown.degraded).toBe(true);

    // The gateway sends a degraded page but renders the next request afresh.
    const flaky = join(temp, 'degraded.cjs');
    writeFileSync(flaky, 'exports.render = async () => ({ kind: "page", status: 200, html: "<main><h1>Accueil</h1></main>", head: "<title>Accueil</title>", state: "", degraded: true });');
    await withGateway({ ssrBundle: flaky, ssrCacheTtlMs: 60_000 }, async (gateway) => {
      for (let i = 0; i < 2; i++) {
        const res = await fetchSite(gateway, '/about', { headers: { accept: 'text/html' } });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<h1>Accueil</h1>');
      }
      expect(gateway.ssrStats()).toEqual({ renders: 2, hits: 0, fallbacks: 0, invalidations: 0 });
    });
  });

  it("forgets the rendered pages when an administrator changes the site's settings", async () => {
    await withGateway({ ssrCacheTtlMs: 60_000 }, async (cached) => {
      const before = await (await fetchSite(cached, '/', { headers: { accept: 'text/html' } })).text();
      expect(h1(rootMarkup(before))).not.toBe('Bienvenue chez LBF');
      const admin = new Browser(cached.url);
      admin.token = adminToken;
      const mutation = 'mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { settings { heroTitle } } }';
      // Twice the same operation: the second goes through the single-fetch passthrough.
      for (const heroTitle of ['Bienvenue chez LBF', 'Bienvenue chez LBF !']) {
        const res = await admin.gql(mutation, { input: { heroTitle } });
        expect(res.data!.updateSiteSettings.settings.heroTitle).toBe(heroTitle);
        const after = await (await fetchSite(cached, '/', { headers: { accept: 'text/html' } })).text();
        expect(h1(rootMarkup(after))).toBe(heroTitle);
      }
    });
  });
});
