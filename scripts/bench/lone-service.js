'use strict';
/**
 * One service run alone for a bench part (newsletter, statistics): its own process in production
 * mode, with a database, stream and Redis prefix of its own, an SQL client on that database and an
 * administrator's token signed with test keys. `stop()` ends the process and removes all it made.
 */
const { spawn } = require('node:child_process');
const { randomBytes, randomUUID } = require('node:crypto');
const { join } = require('node:path');
const { root } = require('../lib/build');

const env = process.env;
const ADMIN_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NATS_URL = env.NATS_URL ?? 'nats://127.0.0.1:4222';

const fromKit = (name) => require(require.resolve(name, { paths: [join(root, 'services', 'kit')] }));

/** Spawns `services/<service>/dist/main.js` and resolves once it says on which port it listens. */
function spawnService(service, envVars) {
  const child = spawn(process.execPath, [join(root, 'services', service, 'dist', 'main.js')], { env: { ...env, ...envVars }, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (c) => (errors = (errors + c).slice(-4000)));
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const m = /"port":(\d+)[^\n]*subgraph listening/.exec(buffer);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/graphql` });
      if (buffer.length > 100_000) buffer = buffer.slice(-10_000);
    });
    child.once('exit', (code) => reject(new Error(`${service} exited with ${code}: ${errors}${buffer.slice(-2000)}`)));
  });
}

function databaseUrl(database) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabase(database) {
  const { Client } = fromKit('pg');
  const admin = new Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
}

/**
 * Starts `service` alone. `tag` names its database (`lbf_bench_<tag>_…`), stream and prefix;
 * `envVars` adds the service's own settings.
 */
async function startLoneService(service, tag, envVars = {}) {
  const kit = require(join(root, 'services', 'kit', 'dist'));
  const testing = require(join(root, 'services', 'kit', 'dist', 'testing'));
  const jwt = fromKit('jsonwebtoken');
  const { Client } = fromKit('pg');
  const suffix = randomBytes(4).toString('hex');
  const database = `lbf_bench_${tag}_${suffix}`;
  const prefix = `bench${tag}${suffix}`;
  const stream = `BENCH_${tag.toUpperCase()}_${suffix}`;
  const keys = testing.testKeys();
  const subgraphSecret = randomBytes(24).toString('base64url');
  let running = null;
  let sql = null;

  async function stop() {
    if (running) {
      running.child.kill('SIGTERM');
      await new Promise((r) => (running.child.exitCode !== null ? r() : running.child.once('exit', r)));
    }
    if (sql) await sql.end();
    await dropDatabase(database);
    await testing.deleteStream(stream, NATS_URL);
    await testing.removeRedisKeys(prefix, REDIS_URL);
    console.log('   (its database, stream and Redis keys are removed)');
  }

  try {
    await kit.provisionDatabase(ADMIN_URL, database, [service]);
    running = await spawnService(service, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      DATABASE_URL: kit.serviceDatabaseUrl(ADMIN_URL, service, database),
      NATS_URL,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      EVENT_STREAM: stream,
      EVENT_PREFIX: prefix,
      AUTH_PUBLIC_KEY: keys.publicKey,
      SUBGRAPH_SECRET: subgraphSecret,
      ...envVars,
    });
    sql = new Client({ connectionString: databaseUrl(database) });
    await sql.connect();
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }

  const token = jwt.sign({ sub: randomUUID(), sid: randomUUID(), roles: ['admin'] }, keys.privateKey, {
    algorithm: kit.ACCESS_TOKEN_ALGORITHM,
    issuer: kit.ACCESS_TOKEN_ISSUER,
    audience: kit.ACCESS_TOKEN_AUDIENCE,
    expiresIn: '1h',
  });
  /** What the gateway sends with an administrator's request. */
  const adminHeaders = { authorization: `Bearer ${token}`, 'x-lbf-gateway-secret': subgraphSecret };
  return { url: running.url, pid: running.child.pid, sql, prefix, adminHeaders, redisUrl: REDIS_URL, stop };
}

module.exports = { startLoneService, fromKit };
