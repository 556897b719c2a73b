#!/usr/bin/env node
'use strict';
/**
 * `npm run events -- parked --service analytics` lists a service's parked events;
 * `npm run events -- replay --service analytics --id 12` (or `--all`) replays them through the
 * running service's consumer (see services/kit/src/cli/events.ts).
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { buildStale, root } = require('./lib/build');

buildStale({ log: () => {}, web: false });
const res = spawnSync(process.execPath, [join(root, 'services', 'kit', 'dist', 'cli', 'events.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(res.status ?? 1);
