import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asWritten, builtStylesheets, criticalCssFor } from './critical-css';

/** A stylesheet shaped like Tailwind 4's output (layers, @property, arbitrary variants, :where()). */
const CSS = [
  '@layer theme,base,components,utilities;',
  '@layer theme{:root{--color-primary:#15803d;--animate-pulse:pulse 2s infinite}}',
  '@layer base{*,:after,:before{box-sizing:border-box;margin:0}::placeholder{opacity:1}}',
  '@layer utilities{',
  '.hero{color:var(--color-primary)}',
  '.unused-banner{color:red}',
  '.shadow-sm{--tw-shadow:0 1px 2px #0000000d;box-shadow:var(--tw-shadow)}',
  '.border{border-style:var(--tw-border-style);border-width:1px}',
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem;height:1rem}',
  ':where(.divide-y>:not(:last-child)){border-bottom-width:1px}',
  '.animate-pulse{animation:var(--animate-pulse)}',
  '@media (min-width:40rem){.sm\\:text-2xl{font-size:1.5rem}.sm\\:unused{color:blue}}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@keyframes pulse{50%{opacity:.5}}',
].join('');

const HREF = '/assets/index-abc.css';

// As the gateway fills web/dist/index.html: Vite's link in <head>, the page in #root, the data block.
const page = (root: string) => `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="${HREF}">
  </head>
  <body>
    <div id="root">${root}</div><script type="application/json" id="lbf-ssr">{"a":1}</script>
  </body>
</html>`;

const ROOT =
  '<h1 class="hero sm:text-2xl">Bonjour</h1>' +
  `<button class="${asWritten('[&_svg]:size-4')} border shadow-sm"><svg></svg></button>` +
  '<div class="divide-y"><p>un</p><p>deux</p></div>' +
  '<div class="animate-pulse"></div>';

function inlined(html: string): { style: string; head: string; body: string } {
  const headEnd = html.indexOf('</head>');
  return { style: /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '', head: html.slice(0, headEnd), body: html.slice(headEnd) };
}

describe('critical CSS of a rendered page', () => {
  const critical = criticalCssFor(new Map([[HREF, CSS]]))!;

  it('inlines the rules the page uses in <head> and leaves the others to the stylesheet', () => {
    const { style, head } = inlined(critical.inline(page(ROOT)));
    expect(head).toContain('<style>');
    expect(style).toContain('.hero{color:var(--color-primary)}');
    expect(style).toContain('@media (min-width:40rem){.sm\\:text-2xl{font-size:1.5rem}}');
    expect(style).toContain(':root{--color-primary:#15803d');
    expect(style).toContain('@layer theme,base,components,utilities;');
    expect(style).not.toContain('unused');
  });

  it('moves the stylesheet link after the page and its data block, inert, for the app to apply (a <noscript> copy without JavaScript)', () => {
    const html = critical.inline(page(ROOT));
    const { head, body } = inlined(html);
    expect(head).not.toContain('rel="stylesheet"');
    const link = body.indexOf(`<link rel="lbf-stylesheet" href="${HREF}"><noscript><link rel="stylesheet" crossorigin href="${HREF}"></noscript>`);
    expect(link).toBeGreaterThan(body.indexOf('id="lbf-ssr"'));
    expect(link).toBeLessThan(body.indexOf('</body>'));
    // Exactly one link that applies, inside <noscript>, and nothing that needs an inline script to
    // apply it (the CSP allows no inline handler).
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(html).not.toMatch(/onload=|media="print"|rel="preload"/);
  });

  it("keeps every @property and the rule after it (beasties' compiler ends them with a ';' that voids the next rule)", () => {
    const { style } = inlined(critical.inline(page(ROOT)));
    expect(style).not.toContain('};');
    expect(style).toContain('@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-border-style{');
  });

  it('matches Tailwind arbitrary variants as the renderer writes them (& as &amp;)', () => {
    expect(asWritten('[&_svg]:size-4')).toBe('[&amp;_svg]:size-4');
    const { style } = inlined(critical.inline(page(ROOT)));
    expect(style).toContain('.\\[\\&_svg\\]\\:size-4 svg{width:1rem;height:1rem}');
    const without = inlined(critical.inline(page('<h1 class="hero">Bonjour</h1>'))).style;
    expect(without).not.toContain('size-4');
  });

  it('keeps the rules it cannot match against the page (:where(), ::placeholder) and every @keyframes', () => {
    const { style } = inlined(critical.inline(page('<h1 class="hero">Bonjour</h1>')));
    expect(style).toContain(':where(.divide-y>:not(:last-child)){border-bottom-width:1px}');
    expect(style).toContain('::placeholder{opacity:1}');
    expect(style).toContain('@keyframes pulse{50%{opacity:.5}}');
  });

  it('leaves a page without the stylesheet as it is', () => {
    const shell = '<html><head><link rel="stylesheet" href="/assets/other.css"></head><body><div id="root"></div></body></html>';
    expect(critical.inline(shell)).toBe(shell);
  });

  it('has nothing to do without a stylesheet', () => {
    expect(criticalCssFor(new Map())).toBeNull();
  });
});

describe('the built stylesheets', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'lbf-critical-css-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-abc.css'), '.a{color:red}');
    writeFileSync(join(dist, 'assets', 'contact-form-def.css'), '.b{color:blue}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("reads the stylesheets index.html links and the route chunks' CSS of the manifest, once each", () => {
    const sheets = builtStylesheets(dist, page(''), {
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index-abc.css'] },
      'src/features/contact/contact-form.tsx': { file: 'assets/contact-form.js', css: ['assets/contact-form-def.css'] },
      'src/pages/gone.tsx': { file: 'assets/gone.js', css: ['assets/gone.css'] },
    });
    expect([...sheets]).toEqual([
      [HREF, '.a{color:red}'],
      ['/assets/contact-form-def.css', '.b{color:blue}'],
    ]);
  });
});
