#!/usr/bin/env node
'use strict';
/**
 * Part of `npm run lint`: refuses an import that crosses a boundary (scripts/lib/boundaries.js says
 * which) and any import circle in services, gateway, web and proto-events. madge builds the graph
 * (it resolves TypeScript paths, the web's `@/` alias included); exits 1 with each offence.
 */
const madge = require('madge');
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { packageRefusal, violations } = require('./lib/boundaries');

const root = join(__dirname, '..');
const exclude = [/node_modules/, /(^|\/)dist\//, /\/generated\//];

async function graphOf(paths, tsConfig) {
  const result = await madge(paths, { baseDir: root, fileExtensions: ['ts', 'tsx'], tsConfig, excludeRegExp: exclude, detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } } });
  return result;
}

(async () => {
  process.chdir(root);
  const problems = [];
  const parts = [
    [['services', 'gateway', 'proto-events/src'], 'tsconfig.base.json'],
    [['web/src', 'web/e2e'], 'web/tsconfig.json'],
  ];
  for (const [paths, tsConfig] of parts) {
    const result = await graphOf(paths, tsConfig);
    problems.push(...violations(result.obj()));
    for (const circle of result.circular()) problems.push(`import circle: ${circle.join(' → ')} → ${circle[0]}`);
  }
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', '*.ts', '*.tsx'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    if (/\/generated\//.test(file)) continue;
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/from\s+'(@lbf\/[^']+)'/g)) {
      const why = packageRefusal(file, m[1]);
      if (why) problems.push(`${file}: ${why}`);
    }
  }
  if (problems.length) {
    console.error(`Import boundaries (scripts/lib/boundaries.js): ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Import boundaries: no crossing, no circle.');
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
