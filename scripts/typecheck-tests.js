#!/usr/bin/env node
'use strict';
/**
 * `npm run typecheck:tests` (part of `npm run lint`): the type check of the test code. Jest compiles
 * tests with SWC, which strips types without checking them, and each package's tsconfig.json leaves
 * its tests out of the build; so each package has a tsconfig.test.json (its sources and tests, no
 * output) and the browser tests web/e2e/tsconfig.json. The web's own specs are checked with the web
 * (web/tsconfig.json includes them). Each project runs as its own tsc, one after the other.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const packages = ['proto-events', 'gateway', ...['services', 'sandbox'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => `${dir}/${name}`))];
const projects = [...packages.map((p) => join(root, p, 'tsconfig.test.json')), join(root, 'web', 'e2e', 'tsconfig.json')].filter((p) => existsSync(p));

const tsc = (args) => spawnSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), ...args], { cwd: root, stdio: 'inherit' });

// The tests import the packages by name, whose types are their built declarations: build them
// first (incremental: nothing to do when they are up to date; on a fresh clone lint runs before any build).
if (tsc(['-b']).status !== 0) process.exit(1);

let failed = 0;
for (const project of projects) {
  if (tsc(['-p', project]).status !== 0) {
    failed++;
    console.error(`type errors in the tests of ${relative(root, project)}`);
  }
}
if (failed) process.exit(1);
console.log(`Tests type-checked: ${projects.length} projects.`);
