'use strict';
/**
 * The player part of `npm run bench` (BENCH_ONLY=player), on the bench's production stack, in
 * Chromium (playwright-core, /usr/bin/chromium) with the network emulated at Slow 4G through CDP
 * (Network.emulateNetworkConditions: 150 ms latency, 1.6 Mbit/s down ≈ 200 KB/s, 750 kbit/s up)
 * and the browser cache off, so every play is a first visit's:
 *
 * 9. Press play -> first frame: the demo customer (granted the video in the catalogue's
 *    entitlements read model) presses play on a demo video's thumbnail; the time from the click to
 *    the first frame presented (requestVideoFrameCallback; 'playing' with currentTime > 0 where
 *    it is missing), over BENCH_PLAYER_PLAYS (20) plays, each from the start (the saved position
 *    is cleared). It includes fetching the player's chunk (hls.js), startPlayback, the master and
 *    media playlists, the key and the first segments.
 * 10. Bytes over the wire (CDP Network.loadingFinished encodedDataLength, the /media/stream/ files
 *    and everything else apart) from pressing play to BENCH_PLAYER_SECONDS (60) after the first
 *    frame: a phone-sized page and a desktop-sized one with data saver off (adaptive), the desktop
 *    one with data saver on (lowest rung only); and the levels hls.js switched to.
 */
const { performance } = require('node:perf_hooks');
const { percentile } = require('./fanout');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../lib/chromium');

const PLAYS = Number(process.env.BENCH_PLAYER_PLAYS ?? 20);
const WATCH_SECONDS = Number(process.env.BENCH_PLAYER_SECONDS ?? 60);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, connectionType: 'cellular4g' };

async function gql(url, query, variables = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = await res.json().catch(() => null);
  if (!body?.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A demo video once the pipeline made its ladder (the longest wait of a fresh stack). */
async function readyVideo(gatewayUrl) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const data = await gql(gatewayUrl, '{ videos(pageSize: 100) { items { id title durationSeconds renditions { name height megabytes } } } }');
    const ready = data.videos.items.find((v) => v.renditions.length > 1);
    if (ready) return ready;
    if (Date.now() > deadline) throw new Error('no demo video got its streaming ladder within 10 minutes');
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

/** Watches a page's network through CDP: bytes of finished requests since `reset()`. */
async function networkMeter(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const urls = new Map();
  let media = 0;
  let other = 0;
  let counting = false;
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    if (!counting) return;
    if ((urls.get(e.requestId) ?? '').includes('/media/stream/')) media += e.encodedDataLength;
    else other += e.encodedDataLength;
  });
  return {
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
  window.__bench = { clickAt: null, frameAt: null };
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

async function openAndPlay(page, videoId, dataSaver, beforePlay) {
  // Set from the page already open (a page of the site), not by loading the video page twice: a
  // reload while the app's first refreshSession is in flight would lose the rotated refresh cookie.
  await page.evaluate((on) => window.localStorage.setItem('lbf_data_saver', on ? '1' : '0'), dataSaver);
  // A page that did not come (a dropped request on the throttled link) is loaded once more.
  for (let attempt = 1; ; attempt++) {
    await page.goto(`/videos/${videoId}`);
    const shown = await page
      .getByTestId('thumbnail-play')
      .waitFor({ timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt >= 2) throw new Error(`the video page showed no play button twice (${page.url()})`);
  }
  // After the previous page's last save (sent as it was left): each play starts at 0.
  await beforePlay();
  await page.getByTestId('thumbnail-play').click();
  await page.waitForFunction(() => window.__bench.frameAt !== null, null, { timeout: 120_000 });
  return page.evaluate(() => window.__bench.frameAt - window.__bench.clickAt);
}

async function benchPlayer({ stackUrl, gatewayUrl, databaseUrl, customer }) {
  const { chromium } = require('playwright-core');
  const video = await readyVideo(gatewayUrl);
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

    const firstFrame = [];
    const began = performance.now();
    for (let i = 0; i < PLAYS; i++) firstFrame.push(await openAndPlay(page, video.id, false, clearProgress));
    firstFrame.sort((a, b) => a - b);
    const ms = (n) => `${Math.round(n)} ms`;
    console.log(`\n9. Player, Slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), cache off, phone-sized page: press play -> first frame, ${PLAYS} plays of "${video.title}"`);
    console.log(`   p50 ${ms(percentile(firstFrame, 50))}   p99 ${ms(percentile(firstFrame, 99))}   min ${ms(firstFrame[0])}   max ${ms(firstFrame[firstFrame.length - 1])}   (${((performance.now() - began) / 1000).toFixed(0)} s)`);

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
