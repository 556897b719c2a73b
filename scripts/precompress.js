'use strict';
/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to each text file of the web
 * build (JavaScript, CSS, HTML, SVG, the web manifest), which the gateway sends as they are to a
 * browser that accepts them (gateway/src/web/precompressed.ts): the best ratios, paid for once per build
 * rather than on every request (quality 11 costs ~0.3 s per 60 kB on this kind of machine) or at
 * every gateway start. A copy no smaller than its file, and files under 1 KiB, are not written.
 *
 *   node scripts/precompress.js [distDir]
 *
 * Run by the web build (web/package.json "build") after Vite, which empties web/dist first, so a
 * copy never outlives its file.
 */
const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { extname, join, relative, resolve } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

/** What the gateway serves precompressed (gateway/src/web/precompressed.ts PRECOMPRESSED_TYPES). */
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt', '.xml']);
/** Below this a compressed copy saves less than the headers that announce it (compression's threshold). */
const MIN_BYTES = 1024;

function brotli(buffer) {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

function gzip(buffer) {
  return gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION });
}

/** Every file under `dir` worth a compressed copy; dot directories (Vite's .vite/manifest.json) are never served. */
function candidates(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...candidates(path));
    else if (entry.isFile() && EXTENSIONS.has(extname(entry.name).toLowerCase()) && statSync(path).size >= MIN_BYTES) out.push(path);
  }
  return out;
}

/** Writes the copies; returns one row per file: its bytes and its copies' (0 when not written). */
function precompress(dir) {
  return candidates(dir).map((file) => {
    const raw = readFileSync(file);
    const row = { file: relative(dir, file), raw: raw.length, br: 0, gz: 0 };
    for (const [suffix, encode] of [
      ['br', brotli],
      ['gz', gzip],
    ]) {
      const encoded = encode(raw);
      if (encoded.length >= raw.length) continue;
      writeFileSync(`${file}.${suffix}`, encoded);
      row[suffix] = encoded.length;
    }
    return row;
  });
}

function main(argv) {
  const dist = resolve(argv[0] ?? join(__dirname, '..', 'web', 'dist'));
  const started = Date.now();
  const rows = precompress(dist);
  const sum = (key) => rows.reduce((acc, r) => acc + r[key], 0);
  const kb = (n) => (n / 1000).toFixed(1);
  console.log(
    `precompressed ${rows.length} files of ${relative(process.cwd(), dist) || '.'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(sum('raw'))} kB → brotli ${kb(sum('br'))} kB, gzip ${kb(sum('gz'))} kB`,
  );
  return 0;
}

module.exports = { EXTENSIONS, MIN_BYTES, candidates, precompress };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
