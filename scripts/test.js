#!/usr/bin/env node
'use strict';
/**
 * `npm test`: the whole suite (unit, integration against real Postgres/NATS/Redis, browser e2e in
 * Debian's Chromium) in one jest run, then one closing line "N passed, N failed".
 * Extra arguments go to jest, e.g. `npm test -- --selectProjects unit`.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { checkInfra } = require('./lib/infra');
const { buildStale, root } = require('./lib/build');

(async () => {
  const problems = await checkInfra({
    databaseUrl: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const wantsE2e = !args.includes('--selectProjects') || args.includes('e2e');
  if (wantsE2e) {
    if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      console.error('Browser tests need Debian\'s Chromium: apt-get install -y chromium (or run `npm test -- --selectProjects unit integration`).');
      process.exit(1);
    }
    buildStale();
  }
  mkdirSync(join(root, '.data'), { recursive: true });
  const resultFile = join(root, '.data', 'jest-results.json');
  const jest = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest', { paths: [root] }), '--maxWorkers=2', '--json', `--outputFile=${resultFile}`, ...args],
    { cwd: root, stdio: 'inherit' },
  );
  if (existsSync(resultFile)) {
    const r = JSON.parse(readFileSync(resultFile, 'utf8'));
    console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    if (r.numTotalTests === 0) {
      console.error('No test ran.');
      process.exit(1);
    }
  }
  process.exit(jest.status ?? 1);
})();
