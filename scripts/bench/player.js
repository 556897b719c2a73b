'use strict';
/**
 * The player part of `npm run bench` (BENCH_ONLY=player), on the bench's production stack, in
 * Chromium (playwright-core, /usr/bin/chromium) with the network emulated at Slow 4G through CDP
 * (Network.emulateNetworkConditions: 150 ms latency, 1.6 Mbit/s down ≈ 200 KB/s, 750 kbit/s up)
 * and the browser cache off, so every play is a first visit's:
 *
 * 9. Open the page -> press play -> first frame: the demo customer opens a video's page (the
 *    bought lesson: granted in the catalogue's entitlements read model; the preview: a lesson with a
 *    preview they did not buy) and presses play as soon as the button shows; the first frame
 *    presented (requestVideoFrameCallback; 'playing' with currentTime > 0 where it is missing) is
 *    timed from the page's navigation start and from the press, p50/p95 over BENCH_PLAYER_PLAYS (20)
 *    plays of each, each from the start (the saved position is cleared before the page opens).
 *    Then the drop trace: BENCH_PLAYER_DROP_PLAYS (5) plays of the bought lesson, the link falling to
 *    300 kbit/s for 10 s from the 5th second played, watched to the 30th: the time spent stalled
 *    ('waiting' to 'playing' after the first frame) over the watch time.
 * 10. Bytes over the wire (CDP Network.loadingFinished encodedDataLength, the /media/stream/ files
 *    and everything else apart) from pressing play to BENCH_PLAYER_SECONDS (60) after the first
 *    frame: a phone-sized page and a desktop-sized one with data saver off (adaptive), the desktop
 *    one with data saver on (lowest rung only); and the levels hls.js switched to.
 * BENCH_PLAYER_TRACE=1 also prints the last play's requests (sent, first byte, done) of each kind.
 */
const { performance } = require('node:perf_hooks');
const { percentile } = require('./fanout');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../lib/chromium');

const PLAYS = Number(process.env.BENCH_PLAYER_PLAYS ?? 20);
const WATCH_SECONDS = Number(process.env.BENCH_PLAYER_SECONDS ?? 60);
const DROP_PLAYS = Number(process.env.BENCH_PLAYER_DROP_PLAYS ?? 5);
const TRACE = process.env.BENCH_PLAYER_TRACE === '1';
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, connectionType: 'cellular4g' };
const DROP = { ...SLOW_4G, downloadThroughput: (300e3 / 8) | 0 };

async function gql(url, query, variables = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = await res.json().catch(() => null);
  if (!body?.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Two demo videos with a preview once the pipeline made their ladders (the longest wait of a fresh stack): one to buy, one to preview. */
async function readyVideos(gatewayUrl) {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const data = await gql(gatewayUrl, '{ videos(pageSize: 100) { items { id title durationSeconds hasPreview renditions { name height megabytes } } } }');
    const ready = data.videos.items.filter((v) => v.renditions.length > 1 && v.hasPreview);
    if (ready.length >= 2) return ready;
    if (Date.now() > deadline) throw new Error('fewer than two demo videos with a preview got their streaming ladder within 15 minutes');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

async function withDb(url, fn) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Watches a page's network through CDP: bytes of finished requests since `reset()`, and (for
 * BENCH_PLAYER_TRACE) each request's start, first byte and end, to print one play's waterfall.
 */
async function networkMeter(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const urls = new Map();
  let media = 0;
  let other = 0;
  let counting = false;
  /** requestId -> { url, sent, firstByte, done, bytes } in CDP's monotonic seconds. */
  const timeline = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    const name = e.request.method === 'POST' && e.request.postData ? `${e.request.url} ${(/"operationName":"(\w+)"/.exec(e.request.postData) ?? [])[1] ?? ''}` : e.request.url;
    timeline.set(e.requestId, { url: name, sent: e.timestamp, firstByte: null, done: null, bytes: 0 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = timeline.get(e.requestId);
    if (t) t.firstByte = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = timeline.get(e.requestId);
    if (t) Object.assign(t, { done: e.timestamp, bytes: e.encodedDataLength });
    if (!counting) return;
    if ((urls.get(e.requestId) ?? '').includes('/media/stream/')) media += e.encodedDataLength;
    else other += e.encodedDataLength;
  });
  return {
    cdp,
    /** Forgets what was traced so far (call before the page opens). */
    traceFrom() {
      timeline.clear();
    },
    /** The requests since traceFrom(), in ms from the first one (the page's own). */
    waterfall() {
      const rows = [...timeline.values()].sort((a, b) => a.sent - b.sent);
      const origin = rows[0]?.sent ?? 0;
      const at = (t) => (t === null ? '      -' : `${Math.round((t - origin) * 1000)}`.padStart(7));
      return rows.map((r) => `${at(r.sent)} ${at(r.firstByte)} ${at(r.done)} ${`${(r.bytes / 1000).toFixed(1)} kB`.padStart(9)}  ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 110)}`);
    },
    start() {
      media = 0;
      other = 0;
      counting = true;
    },
    stop() {
      counting = false;
      return { media, other };
    },
  };
}

/** Set before any page script: the click time and the first frame, in the page's clock. */
/* global Element, MutationObserver -- runs in the page */
function frameProbe() {
  window.__bench = { clickAt: null, frameAt: null, stalledMs: 0, waitingAt: null };
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid="thumbnail-play"]')) window.__bench.clickAt = performance.now();
    },
    true,
  );
  const watch = () => {
    const video = document.querySelector('[data-testid="player-video"]');
    if (!video || video.__benchWatched) return;
    video.__benchWatched = true;
    const mark = () => {
      if (window.__bench.frameAt === null) window.__bench.frameAt = performance.now();
    };
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(mark);
    else video.addEventListener('timeupdate', () => video.currentTime > 0 && mark());
    // Stalls after the first frame: from 'waiting' to the next 'playing'.
    video.addEventListener('waiting', () => {
      if (window.__bench.frameAt !== null && window.__bench.waitingAt === null) window.__bench.waitingAt = performance.now();
    });
    video.addEventListener('playing', () => {
      if (window.__bench.waitingAt === null) return;
      window.__bench.stalledMs += performance.now() - window.__bench.waitingAt;
      window.__bench.waitingAt = null;
    });
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
}

async function signIn(page, email, password) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
}

/** Opens the video's page and presses play as soon as the button shows: ms from the page's start and from the press to the first frame. */
async function openAndPlay(page, videoId, dataSaver, beforePlay) {
  // Set from the page already open (a page of the site), not by loading the video page twice: a
  // reload while the app's first refreshSession is in flight would lose the rotated refresh cookie.
  await page.evaluate((on) => window.localStorage.setItem('lbf_data_saver', on ? '1' : '0'), dataSaver);
  // After the previous page's last save (sent as it was left): each play starts at 0. Before the
  // page opens, since the player may take its session as soon as the page shows it.
  await page.waitForTimeout(300);
  await beforePlay();
  // A page that did not come (a dropped request on the throttled link) is loaded once more.
  for (let attempt = 1; ; attempt++) {
    await page.goto(`/videos/${videoId}`, { waitUntil: 'commit' });
    const shown = await page
      .getByTestId('thumbnail-play')
      .waitFor({ timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt >= 2) throw new Error(`the video page showed no play button twice (${page.url()})`);
  }
  await page.getByTestId('thumbnail-play').click();
  await page.waitForFunction(() => window.__bench.frameAt !== null, null, { timeout: 120_000 });
  return page.evaluate(() => ({ fromOpen: window.__bench.frameAt, fromPress: window.__bench.frameAt - window.__bench.clickAt }));
}

const ms = (n) => `${Math.round(n)} ms`;

/** p50/p95 of first frames from the page's start and from the press over `plays` plays. */
async function firstFrames(page, meter, label, video, plays, clearProgress) {
  const open = [];
  const press = [];
  const began = performance.now();
  for (let i = 0; i < plays; i++) {
    const t = await openAndPlay(page, video.id, false, async () => {
      await clearProgress();
      meter.traceFrom();
    });
    open.push(t.fromOpen);
    press.push(t.fromPress);
    // One play's requests, to see where the time goes (BENCH_PLAYER_TRACE=1): sent, first byte, done.
    if (TRACE && i === plays - 1) {
      const marks = await page.evaluate(() => ({ press: window.__bench.clickAt, frame: window.__bench.frameAt }));
      console.log(`     the last play's requests (ms from the page's request: sent, first byte, done; pressed at ${ms(marks.press)}, first frame at ${ms(marks.frame)} in the page's clock):`);
      for (const row of meter.waterfall()) console.log(`       ${row}`);
    }
  }
  open.sort((a, b) => a - b);
  press.sort((a, b) => a - b);
  const line = (xs) => `p50 ${ms(percentile(xs, 50))}  p95 ${ms(percentile(xs, 95))}  min ${ms(xs[0])}  max ${ms(xs[xs.length - 1])}`;
  console.log(`   ${label}, ${plays} plays of "${video.title}" (${((performance.now() - began) / 1000).toFixed(0)} s)`);
  console.log(`     page opened -> first frame: ${line(open)}`);
  console.log(`     play pressed -> first frame: ${line(press)}`);
}

/** The drop trace: 300 kbit/s for 10 s from the 5th second played; stalled time over watch time to the 30th second. */
async function dropTrace(page, cdp, video, clearProgress) {
  let stalled = 0;
  let watched = 0;
  for (let i = 0; i < DROP_PLAYS; i++) {
    await openAndPlay(page, video.id, false, clearProgress);
    const startedAt = performance.now();
    const playedTo = (s) => page.waitForFunction((t) => document.querySelector('[data-testid="player-video"]').currentTime >= t, s, { timeout: 120_000 });
    await playedTo(5);
    await cdp.send('Network.emulateNetworkConditions', DROP);
    await page.waitForTimeout(10_000);
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await playedTo(Math.min(30, video.durationSeconds - 1));
    const b = await page.evaluate(() => window.__bench.stalledMs + (window.__bench.waitingAt === null ? 0 : performance.now() - window.__bench.waitingAt));
    stalled += b;
    watched += performance.now() - startedAt;
  }
  console.log(`   drop trace (300 kbit/s for 10 s from the 5th second), ${DROP_PLAYS} plays of the bought lesson to the 30th second: stalled ${ms(stalled)} of ${ms(watched)} watched = ${((100 * stalled) / watched).toFixed(2)} % rebuffering`);
}

async function benchPlayer({ stackUrl, gatewayUrl, databaseUrl, customer }) {
  const { chromium } = require('playwright-core');
  const [video, previewed] = await readyVideos(gatewayUrl);
  const userId = await withDb(databaseUrl, async (c) => {
    const { rows } = await c.query('SELECT id FROM identity.users WHERE email = $1', [customer.email]);
    await c.query(`INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at) VALUES (gen_random_uuid(), $1, $2, 'video', now())`, [rows[0].id, video.id]);
    return rows[0].id;
  });
  const clearProgress = () => withDb(databaseUrl, (c) => c.query('DELETE FROM catalogue.watch_progress WHERE user_id = $1 AND video_id = $2', [userId, video.id]));

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: stackUrl, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => window.sessionStorage.setItem('lbf_signup_prompt_shown', '1'));
    await context.addInitScript(frameProbe);
    const page = await context.newPage();
    await signIn(page, customer.email, customer.password);
    const meter = await networkMeter(context, page);

    console.log(`\n9. Player, Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), cache off, phone-sized page, play pressed as soon as it shows:`);
    await firstFrames(page, meter, 'bought lesson', video, PLAYS, clearProgress);
    await firstFrames(page, meter, 'preview', previewed, PLAYS, async () => undefined);
    if (DROP_PLAYS > 0) await dropTrace(page, meter.cdp, video, clearProgress);

    const costs = Object.fromEntries(video.renditions.map((r) => [r.name, r.megabytes]));
    console.log(`\n10. Bytes over the wire from pressing play to ${WATCH_SECONDS} s after the first frame, Slow 4G; the ladder's cost for the whole ${video.durationSeconds}-s lesson: ${Object.entries(costs).map(([n, mb]) => `${n} ${mb} MB`).join(', ')}`);
    // A phone-sized page caps the ladder to the player's size already; a desktop-sized one lets
    // adaptive streaming climb, which is what data saver stops.
    for (const [label, viewport, dataSaver] of [
      ['phone page, data saver off', { width: 390, height: 844 }, false],
      ['desktop page, data saver off', { width: 1280, height: 800 }, false],
      ['desktop page, data saver on', { width: 1280, height: 800 }, true],
    ]) {
      await page.setViewportSize(viewport);
      await openAndPlay(page, video.id, dataSaver, async () => {
        await clearProgress();
        meter.start();
      });
      await page.waitForTimeout(WATCH_SECONDS * 1000);
      const bytes = meter.stop();
      const state = await page.getByTestId('video-player').evaluate((el) => ({ levels: el.dataset.levels, at: el.querySelector('video').currentTime }));
      const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
      console.log(
        `   ${label.padEnd(29)} streaming files ${kb(bytes.media).padStart(7)}, other requests ${kb(bytes.other).padStart(6)}; played to ${state.at.toFixed(0)} s; levels hls.js switched to: ${state.levels || '-'}`,
      );
    }
    console.log('   (the demo lessons are 1 frame per second, far below the rungs\' bitrate caps: real lessons weigh more per second; the ladder above says how much)');
    await context.close();
  } finally {
    await browser.close();
  }
}

module.exports = { benchPlayer };
