import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledSheet } from 'beasties/compiler' with { 'resolution-mode': 'import' };
import type { ViteManifest } from './preloads';

/**
 * The critical CSS of a server-rendered page: the rules of the site's stylesheet that match an
 * element of the rendered HTML go inline into <head> (with the rules of every state of those
 * elements: hover, focus, every media query), and the stylesheet's <link> moves to the end of <body>,
 * inert (`rel="lbf-stylesheet"`). The browser then paints the page as soon as the HTML is in, styled,
 * instead of waiting for the stylesheet, and a visitor who only reads never pays for applying the
 * whole stylesheet to the page a second time (a slow phone's longest task after the first paint);
 * the app applies it when it is wanted, before it hydrates (web/src/lib/module-links.ts), so what
 * it renders then has every rule. With JavaScript off, a <noscript> copy of the link applies it as
 * the page loads. No inline script or onload attribute is involved: the CSP stays as it is.
 *
 * Beasties (the maintained fork of Google's critters) does the work in two halves: its compiler
 * parses each stylesheet once, when the gateway starts, into a "plan" (rules pre-serialised,
 * selectors compiled to token tests); its runtime then makes one pass over each rendered page
 * (~1 ms for the home) and splices the critical rules in as text. Nothing is re-read or re-parsed
 * per render, and the result goes into the page cache with the rest of the page.
 */
export interface CriticalCss {
  /** The page with its critical CSS inlined and its stylesheet links moved to the end of <body>, inert (see above). */
  inline(html: string): string;
  /** The stylesheets it knows (their href), for the log. */
  readonly sheets: readonly string[];
}

type Compiler = typeof import('beasties/compiler', { with: { 'resolution-mode': 'import' } });
type Runtime = typeof import('beasties/runtime', { with: { 'resolution-mode': 'import' } });

/**
 * beasties/compiler and beasties/runtime are ES modules (without top-level await), which Node
 * (>= 20.19) require()s from the gateway's CommonJS; loaded on first use.
 */
function beasties(): { compiler: Compiler; runtime: Runtime } {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return { compiler: require('beasties/compiler') as Compiler, runtime: require('beasties/runtime') as Runtime };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * Beasties 0.5.4's compiler ends every at-rule it keeps whole with ';', the block ones too
 * (`@property --x{…};`). At the top level of a stylesheet that ';' starts the next rule's prelude,
 * which makes that rule invalid: the browser drops it (the next @property, the next utility…).
 * A block's closing brace ends the rule already; statements (`@layer a, b;`, `@import …;`) keep theirs.
 */
function withoutSemicolonAfterBlocks(sheet: CompiledSheet): CompiledSheet {
  for (const rule of sheet.rules) {
    if (rule.css?.endsWith('};')) rule.css = rule.css.slice(0, -1);
  }
  return sheet;
}

/**
 * An attribute value as the server's renderer (preact-render-to-string) writes it: `&`, `<` and `"`
 * as character references. Beasties' runtime compares the document's class names, ids and
 * attribute values as written, without decoding them, with the stylesheet's, so Tailwind's
 * arbitrary variants (`[&_svg]:size-4`, written `[&amp;_svg]:size-4`) would never match and their
 * rules (the buttons' icon sizes) would be missing from the critical CSS.
 */
export function asWritten(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

type Condition = Exclude<NonNullable<CompiledSheet['rules'][number]['match']>[number], true>;
type Compound = NonNullable<Condition['program']>['compounds'][number];

/** The sheet's class names, ids and attribute values in the form they have in the rendered HTML. */
function matchedAsWritten(sheet: CompiledSheet): CompiledSheet {
  const written = (values: string[] | undefined) => values?.map(asWritten);
  const compounds = new Set<Compound>();
  for (const rule of sheet.rules) {
    for (const condition of rule.match ?? []) {
      if (condition === true) continue;
      condition.classes = written(condition.classes);
      condition.ids = written(condition.ids);
      for (const compound of condition.program?.compounds ?? []) compounds.add(compound);
    }
  }
  // A program can be shared by several conditions: each compound is rewritten once.
  for (const compound of compounds) {
    compound.classes = written(compound.classes);
    compound.ids = written(compound.ids);
    for (const attr of compound.attrs ?? []) if (attr.value !== undefined) attr.value = asWritten(attr.value);
  }
  return sheet;
}

/**
 * Rules whose selector starts with a pseudo-class or pseudo-element are always inlined. Beasties
 * matches a selector once its pseudo-classes are stripped, arguments and all, which leaves nothing
 * of Tailwind's `:where(.divide-y > :not(:last-child))`, `:is(:where(.group)[data-state=open] …)`
 * or of the preflight's `::placeholder` and `:focus-visible`: without this, dividers, the FAQ's
 * open chevrons, placeholders and focus rings would be missing until the stylesheet arrived. About
 * 40 rules, ~0.7 kB compressed per page.
 */
const UNMATCHABLE = [/^:/];

/**
 * The rel of a stylesheet link the app applies when it starts (web/src/lib/module-links.ts reads the
 * same name); nothing is fetched for it.
 */
export const DEFERRED_STYLESHEET_REL = 'lbf-stylesheet';

/**
 * The links beasties moved to the end of <body> (those of the stylesheets it knows), each made inert
 * for the app to apply, with a <noscript> copy that applies it when JavaScript is off.
 */
function deferred(html: string, hrefs: ReadonlySet<string>): string {
  const bodyStart = html.search(/<body[\s>]/i);
  if (bodyStart === -1) return html;
  const body = html.slice(bodyStart).replace(/<link\b[^>]*>/gi, (tag) => {
    const href = /\shref="([^"]+)"/i.exec(tag)?.[1];
    if (!href || !hrefs.has(href) || !/\srel="stylesheet"/i.test(tag)) return tag;
    return `<link rel="${DEFERRED_STYLESHEET_REL}" href="${href}"><noscript>${tag}</noscript>`;
  });
  return html.slice(0, bodyStart) + body;
}

/** Compiles stylesheets (href -> CSS text) once; `inline` then runs per rendered page. */
export function criticalCssFor(stylesheets: ReadonlyMap<string, string>): CriticalCss | null {
  if (stylesheets.size === 0) return null;
  const { compiler, runtime } = beasties();
  const plans = [...stylesheets].map(([href, css]) => matchedAsWritten(withoutSemicolonAfterBlocks(compiler.compileSheet(css, { href, allowRules: UNMATCHABLE }))));
  const processor = runtime.createProcessor(plans, {
    preload: 'body',
    // Every @keyframes (Tailwind's spin and pulse, 78 bytes): beasties keeps those it sees named in an
    // `animation`, and Tailwind names them in a theme variable (--animate-pulse), so a skeleton
    // would not pulse until the stylesheet arrived.
    keyframes: 'all',
    // No cache of results per document shape: the scan is most of the ~1 ms, and rendered pages are cached anyway.
    cache: false,
  });
  const hrefs = new Set(stylesheets.keys());
  return {
    inline: (html) => {
      const processed = processor.process(html);
      // A page none of whose stylesheets beasties knows is left as it is.
      return processed === html ? html : deferred(processed, hrefs);
    },
    sheets: [...hrefs],
  };
}

/**
 * The stylesheets a server-rendered page can link, read from the web build (dist): the ones
 * index.html links and every CSS file of Vite's manifest (a route's own CSS, which ssr/preloads.ts
 * links), keyed by their URL. Files that are not there are left out (their links stay as they are).
 */
export function builtStylesheets(distDir: string, indexHtml: string, manifest: ViteManifest | null, base = '/'): Map<string, string> {
  const hrefs = new Set<string>();
  for (const m of indexHtml.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    const href = /\shref="([^"]+)"/i.exec(tag)?.[1];
    if (/\srel="stylesheet"/i.test(tag) && href?.startsWith(base) && !href.startsWith('//')) hrefs.add(href);
  }
  for (const chunk of Object.values(manifest ?? {})) for (const file of chunk.css ?? []) hrefs.add(`${base}${file}`);
  const sheets = new Map<string, string>();
  for (const href of hrefs) {
    const file = join(distDir, href.slice(base.length));
    if (existsSync(file)) sheets.set(href, readFileSync(file, 'utf8'));
  }
  return sheets;
}
