#!/usr/bin/env node
'use strict';
/**
 * Prints nats-server's `authorization` block: one user per service of the registry, allowed to
 * publish only its own events (services/kit/src/nats-permissions.ts). deploy/nats/users.conf is
 * its output for the deployment's stream (LBF, prefix lbf): `node scripts/nats-users.js > deploy/nats/users.conf`
 * after `tsc -b`. A unit test (services/kit/src/nats-permissions.spec.ts) fails when the file is stale.
 */
const { natsUsersConf, SERVICE_REGISTRY } = require('../services/kit/dist');
const { defaultStreamOptions } = require('../proto-events/dist');

process.stdout.write(natsUsersConf(SERVICE_REGISTRY.map((s) => s.name), defaultStreamOptions));
