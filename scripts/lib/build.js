'use strict';
/**
 * Builds what is stale: TypeScript project references (incremental) and the web app (when its
 * sources changed). The development gateway composes the running subgraphs itself; the composed
 * supergraph file is made by `npm run build` and the image build.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function run(cmd, args, label) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (res.status !== 0) throw new Error(`${label} failed (exit ${res.status})`);
}

function buildStale({ log = console.log, web = true } = {}) {
  log('• Compilation TypeScript (incrémentale)…');
  run(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-b'], 'tsc -b');
  const dist = join(root, 'web', 'dist', 'index.html');
  const webSources = newestMtime(join(root, 'web'));
  if (web && (!existsSync(dist) || statSync(dist).mtimeMs < webSources)) {
    log('• Construction de l’application web…');
    run('npm', ['run', 'build', '-w', '@lbf/web'], 'web build');
  }
}

module.exports = { buildStale, root };
