'use strict';
/**
 * The `lighthouse` part of `npm run bench` (BENCH_ONLY=lighthouse), on the bench's production
 * stack: Lighthouse (the root devDependency, its Node API) with its default configuration, the
 * mobile preset (a mid-range phone's screen, simulated Slow 4G and a 4x slower CPU), performance
 * only, on the home, /actualites, the newest published article (from the gateway's `articles`) and
 * /about. BENCH_LIGHTHOUSE_RUNS (5) runs of each page, taken in turns (page 1, 2, 3, 4, then again),
 * each in a new headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH; never a downloaded one)
 * with a new, empty profile: every run is a first visit.
 *
 * It prints, per page, the median over the runs of the performance score, First Contentful Paint,
 * Largest Contentful Paint, Total Blocking Time, Cumulative Layout Shift, Speed Index, the bytes
 * transferred and the JavaScript's share of them (as sent: compressed), and the worst run's CLS; then
 * the spread of the score and of TBT (min, median, max: a slow phone is our customers' phone, and on a
 * busy machine one run can be far from the others); then the issue's targets (score >= 95 on the
 * median and no run below 90, CLS <= 0.02, JavaScript for a public page <= 100 kB compressed).
 * BENCH_LIGHTHOUSE_PAGES (comma list of labels: /, /actualites, article, /about) measures only
 * those. Every run's report (JSON) is saved under .data/bench/lighthouse/<time>/, with summary.json.
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { loadavg } = require('node:os');

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const { CHROMIUM_ARGS, CHROMIUM_PATH: CHROMIUM } = require('../lib/chromium');
const TARGETS = { score: 95, worstScore: 90, cls: 0.02, jsBytes: 100_000 };
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES ? new Set(process.env.BENCH_LIGHTHOUSE_PAGES.split(',').map((p) => p.trim())) : null;
const ATTEMPTS = 3;

function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Min, median and max of the numbers among `values` (undefined when there is none). */
function spread(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!v.length) return undefined;
  return { min: Math.min(...v), median: median(v), max: Math.max(...v) };
}

/** The figures of one report (a Lighthouse result object). */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytesOf = (type) => summary.find((row) => row.resourceType === type)?.transferSize;
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : undefined,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    totalBytes: bytesOf('total') ?? audit('total-byte-weight'),
    jsBytes: bytesOf('script') ?? 0,
  };
}

async function gql(url, query) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = await res.json().catch(() => null);
  if (!body?.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The pages measured: the home, the news list, the newest published article, About. */
async function pagesOf(stackUrl, gatewayUrl) {
  const { articles } = await gql(gatewayUrl, '{ articles(page: 1, pageSize: 1) { items { id title } } }');
  const article = articles.items[0];
  if (!article) throw new Error('no published article to measure (the demo seed publishes some)');
  return [
    { label: '/', url: `${stackUrl}/` },
    { label: '/actualites', url: `${stackUrl}/actualites` },
    { label: 'article', slug: 'article', url: `${stackUrl}/actualites/${article.id}`, note: `/actualites/${article.id}, "${article.title}"` },
    { label: '/about', url: `${stackUrl}/about` },
  ];
}

/** One Lighthouse run in a new Chromium with a new profile (chrome-launcher makes and removes it). */
async function runOnce(lighthouse, chromeLauncher, url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // chrome-launcher's own flags already turn Chromium's background traffic off; no name but loopback resolves.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', CHROMIUM_ARGS.find((a) => a.startsWith('--host-resolver-rules='))],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

const ms = (n) => (n === undefined ? '-' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
const kb = (n) => (n === undefined ? '-' : `${(n / 1000).toFixed(1)} kB`);
const cls = (n) => (n === undefined ? '-' : n.toFixed(3));
const verdict = (ok) => (ok ? 'met' : 'NOT met');

async function benchLighthouse({ stackUrl, gatewayUrl, outDir }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { version } = require('lighthouse/package.json');
  const pages = (await pagesOf(stackUrl, gatewayUrl)).filter((p) => !ONLY_PAGES || ONLY_PAGES.has(p.label));
  const dir = join(outDir, new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const began = Date.now();
  const loadBefore = loadavg()[0];

  // One unmeasured request per page first: the first render of a page on a new stack is not a visitor's.
  for (const page of pages) await fetch(page.url, { headers: { accept: 'text/html' } }).then((r) => r.arrayBuffer());

  const runs = new Map(pages.map((p) => [p.label, []]));
  let environment = null;
  for (let i = 1; i <= RUNS; i++) {
    for (const page of pages) {
      const slug = page.slug ?? (page.label === '/' ? 'home' : page.label.slice(1).replace(/\//g, '-'));
      // A run whose trace came out unusable (NO_NAVSTART, NO_FCP on a busy machine) is made again, up to ATTEMPTS times.
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const { lhr, report } = await runOnce(lighthouse, chromeLauncher, page.url);
        writeFileSync(join(dir, `${slug}-${i}${attempt > 1 ? `-attempt${attempt}` : ''}.json`), Array.isArray(report) ? report[0] : report);
        environment ??= { settings: lhr.configSettings, userAgent: lhr.environment?.hostUserAgent, benchmarkIndex: [] };
        if (lhr.runtimeError) {
          console.log(`   (run ${i} of ${page.label}, attempt ${attempt}: ${lhr.runtimeError.code}${attempt < ATTEMPTS ? '; made again' : '; left out'})`);
          continue;
        }
        environment.benchmarkIndex.push(lhr.environment?.benchmarkIndex);
        for (const warning of lhr.runWarnings ?? []) console.log(`   (run ${i} of ${page.label}: ${warning})`);
        runs.get(page.label).push(figures(lhr));
        break;
      }
    }
  }

  const results = pages.map((page) => {
    const list = runs.get(page.label);
    const med = Object.fromEntries(['score', 'fcp', 'lcp', 'tbt', 'cls', 'si', 'totalBytes', 'jsBytes'].map((k) => [k, median(list.map((r) => r[k]))]));
    const score = spread(list.map((r) => r.score));
    return {
      page: page.label,
      note: page.note,
      runs: list.length,
      median: med,
      spread: { score, tbt: spread(list.map((r) => r.tbt)) },
      worstCls: list.length ? Math.max(...list.map((r) => r.cls ?? 0)) : undefined,
      targets: {
        score: med.score !== undefined && med.score >= TARGETS.score,
        worstScore: score !== undefined && score.min >= TARGETS.worstScore,
        cls: med.cls !== undefined && med.cls <= TARGETS.cls,
        js: med.jsBytes !== undefined && med.jsBytes <= TARGETS.jsBytes,
      },
      perRun: list,
    };
  });

  const t = environment?.settings?.throttling ?? {};
  const chromium = /Chrome\/([\d.]+)/.exec(environment?.userAgent ?? '')?.[1] ?? '?';
  console.log(
    `\n12. Lighthouse ${version}, mobile preset (${environment?.settings?.throttlingMethod === 'simulate' ? 'simulated' : environment?.settings?.throttlingMethod} throttling: ${t.rttMs} ms RTT, ${((t.throughputKbps ?? 0) / 1000).toFixed(1)} Mbit/s, CPU x${t.cpuSlowdownMultiplier}), ` +
      `median of ${RUNS} runs per page, each in a new headless Chromium ${chromium} with an empty profile; this machine's benchmark index ${Math.round(median(environment?.benchmarkIndex ?? []) ?? 0)}`,
  );
  console.log(`   ${'page'.padEnd(12)} ${'score'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'(worst)'.padStart(7)} ${'SI'.padStart(8)} ${'bytes'.padStart(9)} ${'JS'.padStart(9)}`);
  for (const r of results) {
    const m = r.median;
    console.log(
      `   ${r.page.padEnd(12)} ${String(m.score ?? '-').padStart(5)} ${ms(m.fcp).padStart(8)} ${ms(m.lcp).padStart(8)} ${ms(m.tbt).padStart(8)} ${cls(m.cls).padStart(6)} ${cls(r.worstCls).padStart(7)} ${ms(m.si).padStart(8)} ${kb(m.totalBytes).padStart(9)} ${kb(m.jsBytes).padStart(9)}${r.runs < RUNS ? `   (${r.runs} of ${RUNS} runs)` : ''}`,
    );
  }
  // The spread over the runs: a median hides the runs a slower phone (or a busier machine) gets.
  console.log(`   Spread over the runs, min / median / max (every run's score in run order):`);
  const trio = (s, f) => (s ? `${f(s.min)} / ${f(s.median)} / ${f(s.max)}` : '-');
  for (const r of results) {
    console.log(
      `   ${r.page.padEnd(12)} score ${trio(r.spread.score, String).padEnd(15)} TBT ${trio(r.spread.tbt, ms).padEnd(26)} (${r.perRun.map((x) => x.score ?? '-').join(', ')})`,
    );
  }
  const article = results.find((r) => r.note);
  if (article) console.log(`   (article: ${article.note})`);
  console.log(
    `   Targets: score >= ${TARGETS.score} (median) and no run below ${TARGETS.worstScore}, CLS <= ${TARGETS.cls} and JavaScript <= ${TARGETS.jsBytes / 1000} kB compressed (medians)`,
  );
  for (const r of results) {
    console.log(
      `   ${r.page.padEnd(12)} score ${verdict(r.targets.score).padEnd(8)} worst run ${verdict(r.targets.worstScore).padEnd(8)} CLS ${verdict(r.targets.cls).padEnd(8)} JS ${verdict(r.targets.js)}`,
    );
  }
  const all = results.every((r) => r.targets.score && r.targets.worstScore && r.targets.cls && r.targets.js);
  // Simulated throttling scales the main-thread work it observes: other work on the machine shows up in TBT and the score.
  console.log(`   All targets ${all ? 'met' : 'not met yet'}. Load average (1 min) ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after. Reports: ${dir} (${((Date.now() - began) / 1000).toFixed(0)} s)`);
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify({ lighthouse: version, chromium, runs: RUNS, loadAverage: { before: loadBefore, after: loadavg()[0] }, targets: TARGETS, settings: environment?.settings, results }, null, 2)}\n`);
  return results;
}

module.exports = { benchLighthouse, figures, median, spread };
