#!/usr/bin/env node
'use strict';
/**
 * `npm run test:containers`: the product as an operator runs it.
 * 1. The image (deploy/Dockerfile) built with podman, on the public base image or, where Docker Hub
 *    is out of reach, the equivalent made by deploy/podman/local-base-image.sh.
 * 2. The Kubernetes manifests: `kubectl kustomize deploy/k8s/podman` (the base with this image, one
 *    replica each, loopback addresses) plus the Secrets made here, booted with
 *    `podman kube play --network host` against the machine's Postgres, Redis and NATS.
 * 3. docker-compose.yml's parts, from the same image with compose's commands and environment, run by
 *    hand with `podman run --network host`: compose's own network is a bridge (private addresses),
 *    which this machine does not allow, and its Postgres/NATS/Redis/MinIO images cannot be pulled.
 * Each boot waits for every part's /ready, then runs the smoke journey (scripts/containers/smoke.js).
 * Ends with "N passed, N failed". Needs podman, runc and debootstrap (Debian), and kubectl.
 */
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { buildStale, root } = require('./lib/build');
const { checkInfra } = require('./lib/infra');
const { ensureKeys, ensureSecret } = require('./lib/keys');
const { smokeJourney, until } = require('./containers/smoke');

const SERVICES = require(join(root, 'services', 'kit', 'services.json')).services;
const IMAGE = 'localhost/lbf:test';
const GATEWAY_PORT = 4000;
const SANDBOX_PORT = 4106;
const MAIL_SMTP_PORT = 4107;
const MAIL_HTTP_PORT = 4108;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PODMAN = ['--runtime', '/usr/sbin/runc', '--cgroup-manager', 'cgroupfs'];

const say = (m) => console.log(`[containers] ${m}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.slice(0, 6).join(' ')} failed (${res.status}):\n${(res.stderr || res.stdout || '').slice(-4000)}`);
  }
  return res;
}
const podman = (args, opts) => run('podman', [...PODMAN, ...args], opts);

async function portFree(port) {
  return new Promise((resolve) => {
    const s = require('node:net').connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });
}

async function waitReady(name, url, timeoutMs) {
  const t0 = Date.now();
  await until(`${name} ready at ${url}`, async () => (await fetch(url)).ok, timeoutMs, 500);
  return Date.now() - t0;
}

/** What one boot (k8s or compose) of the product needs that is its own: database, stream, Redis keys, keys, media. */
function bootContext(kind) {
  const suffix = randomBytes(3).toString('hex');
  const dir = join(root, '.data', 'containers', `${kind}-${suffix}`);
  mkdirSync(dir, { recursive: true });
  const keysDir = join(dir, 'keys');
  const keys = ensureKeys(keysDir);
  // The containers run as uid 10001: the keys and the media folder are theirs to read and write.
  chmodSync(keysDir, 0o755);
  chmodSync(keys.privatePath, 0o644);
  const mediaDir = join(dir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  chmodSync(mediaDir, 0o777);
  const { serviceDatabaseUrl } = require(join(root, 'services', 'kit', 'dist'));
  const database = `lbf_ctr_${kind}_${suffix}`;
  return {
    kind, suffix, dir, keysDir, mediaDir, database,
    stream: `CTR_${kind.toUpperCase()}_${suffix}`,
    prefix: `ctr${suffix}`,
    publicUrl: `http://localhost:${GATEWAY_PORT}`,
    subgraphSecret: ensureSecret(join(dir, 'subgraph-secret')),
    mediaSigningSecret: ensureSecret(join(dir, 'media-signing-secret')),
    mailLinkSecret: ensureSecret(join(dir, 'mail-link-secret')),
    sandboxWebhookKey: ensureSecret(join(dir, 'sandbox-webhook-key')),
    dbUrl: (svc) => serviceDatabaseUrl(ADMIN_URL, svc, database),
  };
}

/** Each part's own environment (what the lbf-env-<part> Secrets hold in a cluster). */
function partEnv(ctx, part) {
  const common = {
    NATS_URL, REDIS_URL, EVENT_STREAM: ctx.stream, EVENT_PREFIX: ctx.prefix, REDIS_KEY_PREFIX: ctx.prefix,
    SUBGRAPH_SECRET: ctx.subgraphSecret, PUBLIC_URL: ctx.publicUrl, AUTH_PUBLIC_KEY: '/keys/auth-public.pem',
  };
  if (part === 'gateway') return common;
  const env = { ...common, DATABASE_URL: ctx.dbUrl(part) };
  if (part === 'identity') env.AUTH_PRIVATE_KEY = '/keys/auth-private.pem';
  if (part === 'catalogue') Object.assign(env, { MEDIA_DIR: '/media', MEDIA_SIGNING_SECRET: ctx.mediaSigningSecret });
  if (part === 'commerce') Object.assign(env, { PAYMENT_SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}`, PAYMENT_SANDBOX_WEBHOOK_KEY: ctx.sandboxWebhookKey });
  if (part === 'messaging') Object.assign(env, { SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`, MAIL_LINK_SECRET: ctx.mailLinkSecret });
  return env;
}

const containerName = (ctx, part) => `lbf-${ctx.kind}-${ctx.suffix}-${part}`;
const LOG_DIR = join(root, '.data', 'containers', 'logs');

/** A container's output, kept under .data/containers/logs after the boot is gone. */
function keepLog(ctx, container, part) {
  mkdirSync(LOG_DIR, { recursive: true });
  const out = podman(['logs', container], { allowFail: true });
  writeFileSync(join(LOG_DIR, `${ctx.kind}-${part}.log`), `${out.stdout ?? ''}${out.stderr ?? ''}`);
}
const envArgs = (env) => Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
const mounts = (ctx) => ['-v', `${ctx.keysDir}:/keys:ro`, '-v', `${ctx.mediaDir}:/media`];

/** The two development stand-ins (payment providers, SMTP) from the same image: never in a deployment. */
function startSandboxes(ctx) {
  podman(['run', '-d', '--network', 'host', '--name', containerName(ctx, 'payments-sandbox'), ...envArgs({
    PORT: String(SANDBOX_PORT), PAYMENT_SANDBOX_WEBHOOK_KEY: ctx.sandboxWebhookKey, NOTCHPAY_WEBHOOK_URL: `${ctx.publicUrl}/payments/notify/notchpay`,
  }), IMAGE, 'node', 'sandbox/payments/dist/main.js']);
  podman(['run', '-d', '--network', 'host', '--name', containerName(ctx, 'mail-catcher'), ...envArgs({
    HOST: '127.0.0.1', MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT),
  }), IMAGE, 'node', 'sandbox/mail/dist/main.js']);
}

/** The demo catalogue (short videos), seeded by the image's own CLI into this boot's database and media. */
function seedDemo(ctx) {
  podman(['run', '--rm', '--network', 'host', ...mounts(ctx), ...envArgs({ ...partEnv(ctx, 'catalogue'), DEMO_VIDEO_MAX_SECONDS: '10', LOG_LEVEL: 'warn' }), IMAGE, 'node', 'services/catalogue/dist/cli/seed-demo.js']);
}

/** Renders the overlay, adds this boot's Secrets, and keeps only what podman kube play runs. */
function kubeManifests(ctx) {
  const rendered = run('kubectl', ['kustomize', join(root, 'deploy', 'k8s', 'podman')]).stdout;
  const YAML = require('yaml');
  const docs = YAML.parseAllDocuments(rendered).map((d) => d.toJS());
  const kept = docs.filter((d) => ['ConfigMap', 'Deployment'].includes(d.kind));
  // podman 4.3's kube play reads a secretRef from podman's own secret store, whose data is the
  // Secret's `data` map as JSON (key → base64), not from the played file; it panics on a secret
  // volume, so the key pair is mounted from this boot's folder instead.
  const secrets = [
    ...['gateway', ...SERVICES.map((s) => s.name)].map((part) => ({
      apiVersion: 'v1', kind: 'Secret', metadata: { name: `lbf-env-${part}` }, type: 'Opaque',
      data: Object.fromEntries(Object.entries(partEnv(ctx, part)).map(([k, v]) => [k, Buffer.from(String(v)).toString('base64')])),
    })),
  ];
  for (const secret of secrets) {
    const file = join(ctx.dir, `${secret.metadata.name}.json`);
    writeFileSync(file, JSON.stringify(secret.data));
    podman(['secret', 'rm', secret.metadata.name], { allowFail: true });
    podman(['secret', 'create', secret.metadata.name, file]);
  }
  for (const d of kept.filter((k) => k.kind === 'Deployment')) {
    const pod = d.spec.template.spec;
    // Host networking: each part listens on its own port already; podman refuses port mappings there.
    for (const c of pod.containers) delete c.ports;
    pod.volumes = pod.volumes.map((v) => (v.secret?.secretName === 'lbf-auth-keys' ? { name: v.name, hostPath: { path: ctx.keysDir, type: 'Directory' } } : v));
    // The catalogue's media on this machine's disk (a cluster would give it object storage or a volume).
    if (d.metadata.name === 'catalogue') {
      d.spec.template.spec.volumes.push({ name: 'media', hostPath: { path: ctx.mediaDir, type: 'Directory' } });
      d.spec.template.spec.containers[0].volumeMounts.push({ name: 'media', mountPath: '/media' });
    }
  }
  const file = join(ctx.dir, 'k8s.yaml');
  writeFileSync(file, kept.map((d) => YAML.stringify(d)).join('---\n'));
  // podman 4.3's kube play runs no Job: each release's migration Job is run here as its container.
  const config = docs.find((d) => d.kind === 'ConfigMap').data;
  const jobs = docs
    .filter((d) => d.kind === 'Job')
    .map((d) => ({ name: d.metadata.name, part: d.metadata.labels.app, command: d.spec.template.spec.containers[0].command, config }));
  return { file, jobs, secrets: secrets.map((x) => x.metadata.name) };
}

/** The migration Jobs, run once each after the Deployments are up and waiting for them (MIGRATIONS=wait). */
function runMigrationJobs(ctx, jobs) {
  if (jobs.length === 0) throw new Error('the manifests have no migration Job');
  for (const job of jobs) {
    const t0 = Date.now();
    podman(['run', '--rm', '--network', 'host', ...mounts(ctx), ...envArgs({ ...job.config, ...partEnv(ctx, job.part) }), IMAGE, ...job.command]);
    say(`k8s: Job ${job.name} done in ${seconds(Date.now() - t0)}`);
  }
}

async function provision(ctx) {
  const { provisionDatabase } = require(join(root, 'services', 'kit', 'dist'));
  await provisionDatabase(ADMIN_URL, ctx.database);
}

async function discard(ctx) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${ctx.database}" WITH (FORCE)`).finally(() => c.end());
  const { deleteStream, removeRedisKeys } = require(join(root, 'services', 'kit', 'dist', 'testing'));
  await deleteStream(ctx.stream, NATS_URL).catch(() => undefined);
  await removeRedisKeys(ctx.prefix, REDIS_URL).catch(() => undefined);
  rmSync(ctx.dir, { recursive: true, force: true });
}

async function waitAllReady(label) {
  const parts = [...SERVICES.map((s) => [s.name, s.port]), ['gateway', GATEWAY_PORT]];
  const times = {};
  await Promise.all(parts.map(async ([name, port]) => (times[name] = await waitReady(`${label} ${name}`, `http://127.0.0.1:${port}/ready`, 240_000))));
  return times;
}

/** One boot: provision, sandboxes, seed, start the parts (by `start`), wait, smoke, stop, discard. */
async function boot(kind, start, stop) {
  const ctx = bootContext(kind);
  const checks = [];
  const began = Date.now();
  try {
    await provision(ctx);
    startSandboxes(ctx);
    await waitReady('payments sandbox', `http://127.0.0.1:${SANDBOX_PORT}/health`, 60_000);
    seedDemo(ctx);
    const t0 = Date.now();
    start(ctx);
    const ready = await waitAllReady(kind);
    say(`${kind}: every part ready ${seconds(Date.now() - t0)} after start (${Object.entries(ready).map(([k, v]) => `${k} ${seconds(v)}`).join(', ')})`);
    checks.push({ name: `${kind}: every part answers /ready`, ok: true });
    for (const r of await smokeJourney({ gatewayUrl: `http://127.0.0.1:${GATEWAY_PORT}`, sandboxUrl: `http://127.0.0.1:${SANDBOX_PORT}`, identityDatabaseUrl: ctx.dbUrl('identity').replace(/\/\/[^@]+@/, '//postgres@') })) {
      checks.push({ ...r, name: `${kind}: ${r.name}` });
    }
    const stats = podman(['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}'], { allowFail: true }).stdout.trim();
    if (stats) say(`${kind}: memory per container after the journey:\n${stats.split('\n').map((l) => `   ${l}`).join('\n')}`);
  } catch (err) {
    checks.push({ name: `${kind}: boot`, ok: false, error: err instanceof Error ? err.message : String(err) });
  } finally {
    try {
      stop(ctx);
    } catch (err) {
      checks.push({ name: `${kind}: stop`, ok: false, error: String(err) });
    }
    for (const part of ['payments-sandbox', 'mail-catcher']) keepLog(ctx, containerName(ctx, part), part);
    podman(['rm', '-f', '-t', '5', containerName(ctx, 'payments-sandbox'), containerName(ctx, 'mail-catcher')], { allowFail: true });
    await discard(ctx).catch((err) => say(`${kind}: clean-up failed: ${err.message}`));
    say(`${kind}: done in ${seconds(Date.now() - began)}`);
  }
  return checks;
}

/** The pods kube play makes for the Deployments (<deployment>-pod-<n>). */
function removePods() {
  const names = ['gateway', ...SERVICES.map((x) => x.name)];
  const pods = podman(['pod', 'ps', '--format', '{{.Name}}'], { allowFail: true }).stdout.split('\n');
  const ours = pods.filter((p) => names.some((n) => p.startsWith(`${n}-pod`)));
  if (ours.length) podman(['pod', 'rm', '-f', '-t', '10', ...ours], { allowFail: true });
}

function kubePlay() {
  let played = null;
  return {
    start(ctx) {
      played = kubeManifests(ctx);
      // Pods are named after their Deployment: an interrupted earlier run's would be in the way.
      removePods();
      podman(['kube', 'play', '--network', 'host', played.file]);
      runMigrationJobs(ctx, played.jobs);
    },
    stop(ctx) {
      if (!played) return;
      // kube play names a Deployment's container <deployment>-pod[-<n>]-<container>.
      const containers = podman(['ps', '-a', '--format', '{{.Names}}'], { allowFail: true }).stdout.split('\n');
      for (const part of ['gateway', ...SERVICES.map((x) => x.name)]) {
        const c = containers.find((n) => n.startsWith(`${part}-pod`) && n.endsWith(`-${part}`));
        if (c) keepLog(ctx, c, part);
      }
      podman(['kube', 'down', played.file], { allowFail: true });
      removePods(); // kube down leaves the pods of a play that failed half-way
      for (const name of played.secrets) podman(['secret', 'rm', name], { allowFail: true });
    },
  };
}

/** Compose's variable syntax: `${VAR}`, `${VAR:-default}`, `${VAR-default}`. */
function interpolate(value) {
  return value.replace(/\$\{(\w+)(?:(:?-)([^}]*))?\}/g, (_, name, op, fallback = '') => {
    const v = process.env[name];
    if (op === ':-') return v ? v : fallback;
    if (op === '-') return v ?? fallback;
    return v ?? '';
  });
}

/** docker-compose.yml's lbf parts as compose describes them, hostnames turned into loopback. */
function composeByHand() {
  const YAML = require('yaml');
  const compose = YAML.parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
  const names = ['gateway', ...SERVICES.map((s) => s.name)];
  return {
    start(ctx) {
      for (const name of names) {
        const svc = compose.services[name];
        const env = { ...svc.environment };
        // As compose does: ${VAR:-default} from this environment; then compose's service names are
        // loopback here, and this boot's own database, stream and secrets win.
        for (const [k, v] of Object.entries(env)) env[k] = interpolate(String(v));
        for (const [k, v] of Object.entries(env)) env[k] = String(v).replace(/\/\/(postgres|nats|redis|mail-catcher|identity|catalogue|commerce|messaging|analytics)(?=:)/g, '//127.0.0.1');
        delete env.S3_ENDPOINT; delete env.S3_ACCESS_KEY; delete env.S3_SECRET_KEY; delete env.S3_PUBLIC_ENDPOINT;
        Object.assign(env, partEnv(ctx, name), { HOST: '127.0.0.1' });
        podman(['run', '-d', '--network', 'host', '--name', containerName(ctx, name), ...mounts(ctx), ...envArgs(env), IMAGE, ...svc.command]);
      }
    },
    stop(ctx) {
      for (const name of names) keepLog(ctx, containerName(ctx, name), name);
      podman(['rm', '-f', '-t', '20', ...names.map((name) => containerName(ctx, name))], { allowFail: true });
    },
  };
}

(async () => {
  const problems = await checkInfra({ databaseUrl: ADMIN_URL, natsUrl: NATS_URL, redisUrl: REDIS_URL });
  if (problems.length) throw new Error(problems.join('\n'));
  for (const port of [GATEWAY_PORT, SANDBOX_PORT, MAIL_SMTP_PORT, MAIL_HTTP_PORT, ...SERVICES.map((s) => s.port)]) {
    if (!(await portFree(port))) throw new Error(`port ${port} is taken (is \`npm start\` running?): the containers use the parts' own ports on the host network`);
  }
  buildStale({ log: say }); // the kit's provisioning and test helpers, from the host's build
  run('bash', ['-c', `. ${join(root, 'deploy', 'podman', 'podman.sh')} && ensure_podman_config`]);
  let t0 = Date.now();
  run('bash', [join(root, 'deploy', 'podman', 'local-base-image.sh')], { stdio: 'inherit' });
  say(`base image ready in ${seconds(Date.now() - t0)}`);
  t0 = Date.now();
  // Docker's format keeps the HEALTHCHECK (OCI images have none). LBF_CONTAINERS_IMAGE reuses an
  // image already built from this tree (a developer iterating on the boots), tagged as the test's.
  if (process.env.LBF_CONTAINERS_IMAGE) podman(['tag', process.env.LBF_CONTAINERS_IMAGE, IMAGE]);
  else podman(['build', '--format', 'docker', '--network', 'host', '-t', IMAGE, '-f', 'deploy/Dockerfile', '.'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout.trim());
  say(`image ${IMAGE} built in ${seconds(Date.now() - t0)}: ${(size / 1e6).toFixed(0)} MB`);

  const checks = [{ name: 'the image builds', ok: true }];
  const k8s = kubePlay();
  checks.push(...(await boot('k8s', k8s.start, k8s.stop)));
  const compose = composeByHand();
  checks.push(...(await boot('compose', compose.start, compose.stop)));

  for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}${c.ms !== undefined ? ` (${seconds(c.ms)})` : ''}${c.error ? `\n    ${c.error}` : ''}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
