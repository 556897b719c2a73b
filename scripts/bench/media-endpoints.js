'use strict';
/**
 * The media part of `npm run bench` (BENCH_ONLY=media; scripts/bench.js calls it on its production
 * stack): requests/s and p50/p99 of a playback session's endpoints, through the gateway's /media
 * proxy and, for reference, against the catalogue directly (with the gateway's credential):
 *  - the key (GET /media/stream/<token>/key with the viewer's Bearer): token check, access-token
 *    verification with the Redis revocation read, the entitlement and the key read, every request;
 *  - a media playlist (GET /media/stream/<token>/234p/index.m3u8): token check and a store read.
 *
 * The viewer is the demo customer, made a buyer of one demo video by an entitlement row written
 * here (as commerce's purchase leaves it). When that video has no streaming ladder yet (before the
 * pipeline built the demo's), a small one is written into the stack's media folder the way the
 * pipeline lays it out, with a key in video_keys. autocannon runs in a child process (bench/load.js).
 */
const { randomBytes, randomUUID } = require('node:crypto');
const { join } = require('node:path');
const { runLoad } = require('./load');

const START = `mutation BenchStartPlayback($id: ID!) { startPlayback(videoId: $id) { session { mode manifestUrl } error { code message } } }`;

async function gql(url, query, variables, headers = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const body = await res.json().catch(() => null);
  if (!body || body.errors || !body.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A small ladder (234p + audio, 3 segments each) as the pipeline writes it, unless the video has one. */
async function ensureLadder({ root, db, mediaDir, videoId }) {
  const [row] = (await db.query('SELECT hls_version FROM catalogue.videos WHERE id = $1', [videoId])).rows;
  const hasKey = (await db.query('SELECT 1 FROM catalogue.video_keys WHERE video_id = $1', [videoId])).rows.length > 0;
  if (row.hls_version !== null && hasKey) return 'the demo ladder';
  const { LocalDiskStore } = require(join(root, 'services', 'catalogue', 'dist', 'media', 'storage'));
  const { encryptSegment, hlsObjectKey, keyTag, segmentName } = require(join(root, 'services', 'catalogue', 'dist', 'media', 'hls-layout'));
  const store = new LocalDiskStore(mediaDir);
  await store.init();
  const key = randomBytes(16);
  const version = 1;
  const renditions = [];
  for (const [name, bandwidth, height] of [['234p', 200_000, 234], ['audio', 52_000, null]]) {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-MAP:URI="init.mp4"', keyTag()];
    let bytes = 0;
    for (let i = 0; i < 3; i++) {
      const segment = encryptSegment(key, i, randomBytes(name === 'audio' ? 12_000 : 36_000));
      await store.put('videos', hlsObjectKey(videoId, version, 'full', `${name}/${segmentName(i)}`), segment, { contentType: 'video/mp4' });
      bytes += segment.length;
      lines.push('#EXTINF:2.000000,', segmentName(i));
    }
    lines.push('#EXT-X-ENDLIST', '');
    await store.put('videos', hlsObjectKey(videoId, version, 'full', `${name}/init.mp4`), randomBytes(800), { contentType: 'video/mp4' });
    await store.put('videos', hlsObjectKey(videoId, version, 'full', `${name}/index.m3u8`), Buffer.from(lines.join('\n')), { contentType: 'application/vnd.apple.mpegurl' });
    renditions.push({ name, width: null, height, bandwidth, bytes: bytes + 800 });
  }
  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="audio",DEFAULT=YES,URI="audio/index.m3u8"', '#EXT-X-STREAM-INF:BANDWIDTH=200000,AUDIO="aud"', '234p/index.m3u8', ''];
  await store.put('videos', hlsObjectKey(videoId, version, 'full', 'master.m3u8'), Buffer.from(master.join('\n')), { contentType: 'application/vnd.apple.mpegurl' });
  await db.query('INSERT INTO catalogue.video_keys (video_id, key) VALUES ($1, $2) ON CONFLICT (video_id) DO UPDATE SET key = EXCLUDED.key', [videoId, key]);
  await db.query(`UPDATE catalogue.videos SET hls_version = $2, hls_renditions = $3::jsonb, processing_state = 'ready', processing_progress = 100 WHERE id = $1`, [
    videoId,
    version,
    JSON.stringify(renditions),
  ]);
  return 'a fixture ladder written by the bench';
}

/** One autocannon GET run in a child process (bench/load.js), so it never shares the measured event loop. */
function loadGet(url, headers, { connections, seconds, warmupSeconds }) {
  return runLoad({ url, method: 'GET', headers, connections, seconds, warmupSeconds });
}

async function benchMedia({ gatewayUrl, subgraph, credential, token, catalogueDbUrl, mediaDir, root, printTable, connections, seconds, warmupSeconds }) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: catalogueDbUrl });
  await db.connect();
  try {
    const bearer = { authorization: `Bearer ${token}` };
    const me = await gql(gatewayUrl, '{ me { id } }', {}, bearer);
    const videos = await gql(gatewayUrl, '{ videos(pageSize: 1) { items { id title } } }');
    const video = videos.videos.items[0];
    if (!video) throw new Error('media bench: the demo catalogue has no video');
    const ladder = await ensureLadder({ root, db, mediaDir, videoId: video.id });
    await db.query(`INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at) VALUES ($1, $2, $3, 'video', now())`, [randomUUID(), me.me.id, video.id]);
    const started = await gql(gatewayUrl, START, { id: video.id }, bearer);
    const session = started.startPlayback.session;
    if (!session || session.mode !== 'FULL') throw new Error(`media bench: no FULL session: ${JSON.stringify(started.startPlayback)}`);

    const origin = gatewayUrl.replace(/\/graphql$/, '');
    const direct = subgraph('catalogue').replace(/\/graphql$/, '');
    const keyPath = session.manifestUrl.replace(/master\.m3u8$/, 'key');
    const playlistPath = session.manifestUrl.replace(/master\.m3u8$/, '234p/index.m3u8');
    for (const [path, headers] of [[keyPath, bearer], [playlistPath, {}]]) {
      const res = await fetch(`${origin}${path}`, { headers });
      if (res.status !== 200) throw new Error(`media bench: ${path} answered ${res.status}: ${await res.text()}`);
    }
    const opts = { connections, seconds, warmupSeconds };
    // The playlist first: right after the stack starts, its background work (demo jobs) weighs on whatever runs first.
    const rows = [
      ['media playlist, gateway', await loadGet(`${origin}${playlistPath}`, {}, opts)],
      ['media playlist, catalogue (direct)', await loadGet(`${direct}${playlistPath}`, credential, opts)],
      ['key, gateway', await loadGet(`${origin}${keyPath}`, bearer, opts)],
      ['key, catalogue (direct)', await loadGet(`${direct}${keyPath}`, { ...bearer, ...credential }, opts)],
    ];
    printTable(`8. Playback endpoints (one session of "${video.title}", ${ladder}; key with the buyer's Bearer, checked per request)`, rows);
  } finally {
    await db.end();
  }
}

module.exports = { benchMedia };
