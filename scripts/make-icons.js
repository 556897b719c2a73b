#!/usr/bin/env node
'use strict';
/**
 * `node scripts/make-icons.js`: the installable app's icons (web/public/icons), drawn once from
 * web/public/favicon.svg with sharp and committed. Run again only when the favicon changes.
 *  - icon-192.png, icon-512.png: the favicon as it is (rounded green square);
 *  - maskable-512.png: full-bleed green with the motif inside the safe zone (the inner 80% circle),
 *    so Android's round or squircle masks never cut it.
 */
const { readFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const sharp = require('sharp');

const publicDir = join(__dirname, '..', 'web', 'public');
const outDir = join(publicDir, 'icons');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#15803d';
// Everything drawn over the background rectangle: the motif.
const motif = favicon.replace(/^[\s\S]*?<rect[^>]*\/>/, '').replace(/<\/svg>\s*$/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(1.15) translate(-32 -34)">${motif}</g></svg>`;

async function main() {
  mkdirSync(outDir, { recursive: true });
  const render = (svg, size, name) =>
    sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(outDir, name));
  await render(favicon, 192, 'icon-192.png');
  await render(favicon, 512, 'icon-512.png');
  await render(maskable, 512, 'maskable-512.png');
  await render(maskable, 192, 'maskable-192.png');
  console.log(`icons written to ${outDir}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
