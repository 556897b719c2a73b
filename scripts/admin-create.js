#!/usr/bin/env node
'use strict';
/**
 * `npm run admin:create -- --email a@b.c --password ... --first-name ... --last-name ...`
 * Creates (or promotes) an administrator; the only way to get the first one, never from the web.
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { buildStale, root } = require('./lib/build');

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
buildStale({ log: () => {}, web: false });
const { provisionDatabase, serviceDatabaseUrl } = require(join(root, 'services', 'kit', 'dist'));
const database = process.env.DATABASE_NAME ?? 'lbf';
(async () => {
  await provisionDatabase(adminUrl, database);
  const res = spawnSync(process.execPath, [join(root, 'services', 'identity', 'dist', 'cli', 'create-admin.js'), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: process.env.IDENTITY_DATABASE_URL ?? serviceDatabaseUrl(adminUrl, 'identity', database) },
  });
  process.exit(res.status ?? 1);
})();
