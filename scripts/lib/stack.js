'use strict';
/**
 * Starts the whole product as separate processes (each service, then the gateway), the way
 * `npm start`, the browser tests and the benchmark all need it. Each caller picks its own ports,
 * database, stream and data folder so they can run side by side.
 */
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createWriteStream, mkdirSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { checkInfra } = require('./infra');
const { buildStale, composeSupergraphIfStale, root, SUPERGRAPH_FILE } = require('./build');
const { ensureKeys, ensureSecret } = require('./keys');

// The one list of services (name, port, schema), plain JSON so it needs no build.
const SERVICES = require(join(root, 'services', 'kit', 'services.json')).services;
/** The payments sandbox's default port (its own process; + the stack's port offset). */
const PAYMENT_SANDBOX_PORT = 4106;
/** The local mail catcher's SMTP and page ports (its own process; + the stack's port offset). */
const MAIL_CATCHER_SMTP_PORT = 4107;
const MAIL_CATCHER_HTTP_PORT = 4108;

/**
 * Ports that fetch() (Node's and the browsers') refuses to connect to: the Fetch standard's "bad
 * ports" (https://fetch.spec.whatwg.org/#bad-port), e.g. 5060 (SIP), 6000 (X11), 6665-6669 (IRC).
 * A part listening on one is unreachable for the gateway, the tests and Chromium: its readiness
 * check never gets an answer. Random port offsets skip them (randomPortOffset).
 */
const BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139,
  143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * The ports a stack at `portOffset` may listen on: the gateway and its replicas, each service and
 * its replicas (`replicaPortStep` apart, two of each at most here), the sandboxes.
 */
function stackPorts(portOffset, replicaPortStep = 10) {
  const replicas = (port) => [port, port + replicaPortStep, port + 2 * replicaPortStep];
  return [
    ...replicas(4000 + portOffset),
    ...SERVICES.flatMap((svc) => replicas(svc.port + portOffset)),
    PAYMENT_SANDBOX_PORT + portOffset,
    MAIL_CATCHER_SMTP_PORT + portOffset,
    MAIL_CATCHER_HTTP_PORT + portOffset,
  ];
}

/**
 * A random port offset `from + step × k` (0 ≤ k < count) none of whose stack ports fetch() refuses,
 * for stacks that run beside others (tests, tools). `usable` may refuse more (ports already taken).
 * @param {{ from: number, step: number, count: number }} range
 * @param {(offset: number) => Promise<boolean>} [usable]
 * @returns {Promise<number>}
 */
async function randomPortOffset({ from, step, count }, usable = async () => true) {
  for (let attempt = 0; attempt < 4 * count; attempt++) {
    const offset = from + step * Math.floor(Math.random() * count);
    if (stackPorts(offset).some((port) => BLOCKED_PORTS.has(port))) continue;
    if (await usable(offset)) return offset;
  }
  throw new Error(`no usable port offset in ${from}…${from + step * (count - 1)}`);
}

const DEMO = {
  admin: { email: 'admin@lbf.demo', password: 'Admin-LBF-2026', firstName: 'Awa', lastName: 'Ndiaye' },
  customer: { email: 'client@lbf.demo', password: 'client-lbf', firstName: 'Jean', lastName: 'Mbarga', phone: '+237690000001' },
};

function defaults(overrides = {}) {
  const env = process.env;
  return {
    port: Number(env.PORT ?? 4000),
    /**
     * The site's one address, given to the gateway and every service as PUBLIC_URL (printed, in
     * mails, NotchPay's return page; the gateway redirects page requests made on another host name
     * to it). Unset: the kit's DEFAULT_PUBLIC_URL on this stack's port.
     */
    publicUrl: undefined,
    portOffset: 0,
    databaseAdminUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    database: env.DATABASE_NAME ?? 'lbf',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    stream: env.EVENT_STREAM ?? 'LBF',
    prefix: env.EVENT_PREFIX ?? 'lbf',
    redisKeyPrefix: 'lbf',
    dataDir: join(root, '.data'),
    production: env.NODE_ENV === 'production',
    timezone: env.SITE_TIMEZONE ?? 'Africa/Douala',
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: true,
    /** Cap each demo video's length in seconds (test stacks: short ladders to build); full length when unset. */
    demoVideoMaxSeconds: undefined,
    /**
     * Wait until the demo videos' streaming ladders are built (none pending or processing) before
     * answering, up to this many ms; 0 = do not wait (`npm start`: the admin list shows the progress).
     */
    waitForDemoVideosMs: 0,
    /** The payment providers' sandbox (sandbox/payments), started as its own process before commerce. */
    paymentSandbox: true,
    /** The local mail catcher (sandbox/mail), started as its own process; messaging sends to it unless SMTP_URL is set. */
    mailCatcher: !env.SMTP_URL,
    build: true,
    quiet: false,
    extraEnv: {},
    /** Extra node flags for every process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile. */
    nodeArgs: [],
    /**
     * The secrets, when the caller has its own (`npm run start:prod`: from the environment, checked
     * by scripts/lib/production-env.js): { subgraphSecret, mediaSigningSecret, mailLinkSecret,
     * authPrivateKey, authPublicKey } (keys as PEM or path). Unset: made once in dataDir/keys.
     */
    secrets: undefined,
    /** Run each service's migrations once (`main.js --migrate`) before starting them with MIGRATIONS=wait, as a release does. */
    migrateFirst: false,
    /**
     * Processes per service (the scale-out test). With more than one, replica r (1-based) of a service
     * listens on its port + replicaPortStep × r, and `balance` must put something on the service's own
     * port (HAProxy: scripts/lib/haproxy.js) that spreads over them; the gateway and the bench address
     * that port as before. Callers running several such stacks space their offsets wider than the step.
     */
    replicas: 1,
    replicaPortStep: 10,
    /**
     * Gateway processes (the rolling-restart test): with more than one, replica r listens on the
     * stack's port + replicaPortStep × r and `balance` puts a second HAProxy on the stack's port,
     * started once they are ready (its start waits for each frontend to answer).
     */
    gatewayReplicas: 1,
    /** async ({ fronts: [{ name, port, backends: [port…] }], logDir }) => { stop() }: called before the gateway starts. */
    balance: undefined,
    ...overrides,
  };
}

/** How long a part may take to answer /ready: 60 s, or LBF_READY_TIMEOUT_MS (a machine busy with other work boots slower). */
const READY_TIMEOUT_MS = Number(process.env.LBF_READY_TIMEOUT_MS) || 60_000;

/**
 * Polls `url` until it answers 2xx. On timeout the error says what was last seen (not listening,
 * or which readiness check failed), so a slow start on a loaded machine shows where the time went.
 */
async function waitReady(url, child, name, timeoutMs = READY_TIMEOUT_MS) {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last = 'not listening yet';
  let firstAnswerMs = null;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} (see its log)`);
    try {
      const res = await fetch(url, { signal: globalThis.AbortSignal.timeout(5000) });
      if (res.ok) return;
      firstAnswerMs ??= Date.now() - started;
      last = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      if (firstAnswerMs !== null) last = `no answer (${err.name})`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const listening = firstAnswerMs === null ? 'it never answered' : `it first answered after ${Math.round(firstAnswerMs / 1000)} s`;
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000}s (${listening}; last: ${last})`);
}

async function startStack(options = {}) {
  const o = defaults(options);
  const say = o.quiet ? () => {} : (m) => console.log(m);
  const problems = await checkInfra({ databaseUrl: o.databaseAdminUrl, natsUrl: o.natsUrl, redisUrl: o.redisUrl });
  if (problems.length) throw Object.assign(new Error(problems.join('\n')), { infra: true });
  if (o.build) buildStale({ log: say });
  // A production gateway never introspects: it serves the supergraph composed from the SDL files.
  else if (o.production) composeSupergraphIfStale(say);

  const { provisionDatabase, serviceDatabaseUrl, DEFAULT_PUBLIC_URL } = require(join(root, 'services', 'kit', 'dist'));
  if (o.freshDatabase) await dropDatabase(o.databaseAdminUrl, o.database);
  await provisionDatabase(o.databaseAdminUrl, o.database);
  const { authPrivateKey, authPublicKey, mediaSigningSecret, subgraphSecret, mailLinkSecret } = o.secrets ?? developmentSecrets(o.dataDir);
  // NotchPay's webhook hash key as the sandbox signs with it and commerce checks it.
  const paymentSandboxWebhookKey = o.paymentSandbox ? ensureSecret(join(o.dataDir, 'keys', 'payment-sandbox-webhook-key')) : undefined;
  const paymentSandboxPort = PAYMENT_SANDBOX_PORT + o.portOffset;
  const paymentSandboxUrl = o.paymentSandbox ? `http://127.0.0.1:${paymentSandboxPort}` : undefined;
  const mailCatcherSmtpPort = MAIL_CATCHER_SMTP_PORT + o.portOffset;
  const mailCatcherUrl = o.mailCatcher ? `http://127.0.0.1:${MAIL_CATCHER_HTTP_PORT + o.portOffset}` : undefined;
  const smtpUrl = o.mailCatcher ? `smtp://127.0.0.1:${mailCatcherSmtpPort}` : { ...process.env, ...o.extraEnv }.SMTP_URL;
  const mediaDir = join(o.dataDir, 'media');
  const logDir = join(o.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const publicUrl = (o.publicUrl || Object.assign(new URL(DEFAULT_PUBLIC_URL), { port: String(o.port) }).origin).replace(/\/+$/, '');

  const children = [];
  /** Every service process by part name ('identity', or 'identity-1' with replicas): what respawn() needs. */
  const parts = new Map();
  let balancer = null;
  let gatewayBalancer = null;
  const common = {
    NODE_ENV: o.production ? 'production' : 'development',
    LOG_LEVEL: o.logLevel,
    NATS_URL: o.natsUrl,
    REDIS_URL: o.redisUrl,
    EVENT_STREAM: o.stream,
    EVENT_PREFIX: o.prefix,
    REDIS_KEY_PREFIX: o.redisKeyPrefix,
    AUTH_PUBLIC_KEY: authPublicKey,
    SUBGRAPH_SECRET: subgraphSecret,
    MIGRATIONS: o.migrateFirst ? 'wait' : 'boot',
  };
  const withoutUndefined = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
  // Boot time is mostly loading modules (the recovery bench's bootMs), so:
  //  - source maps only in development: Node 20 reads every module's map as it loads it when they are
  //    on (a fifth more CPU at boot); production stacks run as the containers do, without;
  //  - Node's compile cache (Node >= 22.1; older versions ignore the variable) in the data folder,
  //    unless the environment names one: a restarted part skips compiling what it compiled before.
  const nodeFlags = o.production ? o.nodeArgs : ['--enable-source-maps', ...o.nodeArgs];
  const compileCache = { NODE_COMPILE_CACHE: join(o.dataDir, 'compile-cache') };
  const spawnPart = (name, script, env) => {
    const out = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [...nodeFlags, script], {
      cwd: root,
      env: withoutUndefined({ ...compileCache, ...process.env, ...common, ...o.extraEnv, ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.stderr.on('data', (d) => {
      if (!o.quiet) process.stderr.write(`[${name}] ${d}`);
    });
    children.push({ name, child });
    return child;
  };

  /**
   * Starts a part again as it was started (same port and environment), after it died or was killed
   * (the recovery bench, the scale-out test), with `env` added (e.g. LOG_LEVEL); returns the new child.
   */
  const respawn = (name, env = {}) => {
    const part = parts.get(name);
    if (!part) throw new Error(`no part named ${name}`);
    const old = part.child;
    if (old.exitCode === null && old.signalCode === null) throw new Error(`${name} is still running`);
    const index = children.findIndex((c) => c.child === old);
    if (index >= 0) children.splice(index, 1);
    part.child = spawnPart(name, part.script, { ...part.env, ...env });
    return part.child;
  };

  const stop = async () => {
    await gatewayBalancer?.stop();
    await balancer?.stop();
    await Promise.all(
      [...children].reverse().map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
  };

  /**
   * For throwaway stacks (browser tests, bench): stops it, then removes what it made on the shared
   * servers (database, stream, Redis keys) and its keys and media. Its logs stay for reading.
   */
  const discard = async () => {
    await stop();
    await dropDatabase(o.databaseAdminUrl, o.database);
    // The kit's test helpers: these stacks are test tooling, and they keep one copy of each clean-up.
    const { deleteStream, removeRedisKeys } = require(join(root, 'services', 'kit', 'dist', 'testing'));
    await deleteStream(o.stream, o.natsUrl);
    await removeRedisKeys(o.redisKeyPrefix, o.redisUrl);
    for (const part of ['keys', 'media']) rmSync(join(o.dataDir, part), { recursive: true, force: true });
  };

  try {
    if (o.seedDemo) {
      say('• Contenu de démonstration (vidéos, guides PDF, articles)…');
      runNode(join(root, 'services', 'catalogue', 'dist', 'cli', 'seed-demo.js'), {
        ...common,
        DATABASE_URL: serviceDatabaseUrl(o.databaseAdminUrl, 'catalogue', o.database),
        MEDIA_DIR: mediaDir,
        LOG_LEVEL: 'warn',
        DEMO_VIDEO_MAX_SECONDS: o.demoVideoMaxSeconds !== undefined ? String(o.demoVideoMaxSeconds) : undefined,
      }, 'the demo catalogue');
    }
    if (o.paymentSandbox) {
      // Development stand-in for NotchPay, MTN MoMo and Orange Money. `npm start` has no real provider,
      // so even production mode runs it locally; a deployment (deploy/) never does.
      const sandbox = spawnPart('payments-sandbox', join(root, 'sandbox', 'payments', 'dist', 'main.js'), {
        PORT: String(paymentSandboxPort),
        PAYMENT_SANDBOX_WEBHOOK_KEY: paymentSandboxWebhookKey,
        NOTCHPAY_WEBHOOK_URL: `${publicUrl}/payments/notify/notchpay`,
      });
      await waitReady(`${paymentSandboxUrl}/health`, sandbox, 'payments-sandbox');
    }
    if (o.mailCatcher) {
      // Development stand-in for an SMTP provider: keeps every mail and shows it at mailCatcherUrl.
      const catcher = spawnPart('mail-catcher', join(root, 'sandbox', 'mail', 'dist', 'main.js'), {
        MAIL_CATCHER_SMTP_PORT: String(mailCatcherSmtpPort),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_CATCHER_HTTP_PORT + o.portOffset),
        // Loopback only, whatever HOST the caller's environment has: the mails carry reset links.
        HOST: '127.0.0.1',
      });
      await waitReady(`${mailCatcherUrl}/health`, catcher, 'mail-catcher');
    }
    if (o.migrateFirst) {
      for (const svc of SERVICES) {
        say(`• Migrations de ${svc.name} (node services/${svc.name}/dist/main.js --migrate)`);
        runNode(join(root, 'services', svc.name, 'dist', 'main.js'), { ...common, DATABASE_URL: serviceDatabaseUrl(o.databaseAdminUrl, svc.name, o.database) }, `${svc.name}'s migrations`, ['--migrate']);
      }
    }
    const subgraphs = [];
    const fronts = [];
    const replicaPorts = (svc) =>
      o.replicas > 1 ? Array.from({ length: o.replicas }, (_, i) => svc.port + o.portOffset + o.replicaPortStep * (i + 1)) : [svc.port + o.portOffset];
    if (o.replicas > 1 && !o.balance) throw new Error('replicas > 1 needs a balancer in front of each service (option balance)');
    const waves = Array.from({ length: o.replicas }, (_, i) => SERVICES.map((svc) => ({ svc, port: replicaPorts(svc)[i], name: o.replicas > 1 ? `${svc.name}-${i + 1}` : svc.name })));
    // One replica of every service at a time: ten processes loading their modules at once on two
    // cores took over a minute each.
    for (const wave of waves) {
      await Promise.all(wave.map(async ({ svc, port, name }) => {
        const script = join(root, 'services', svc.name, 'dist', 'main.js');
        const env = {
          PORT: String(port),
          DATABASE_URL: serviceDatabaseUrl(o.databaseAdminUrl, svc.name, o.database),
          AUTH_PRIVATE_KEY: svc.name === 'identity' ? authPrivateKey : undefined,
          PUBLIC_URL: publicUrl,
          SITE_TIMEZONE: o.timezone,
          MEDIA_SIGNING_SECRET: svc.name === 'catalogue' ? mediaSigningSecret : undefined,
          MEDIA_DIR: svc.name === 'catalogue' ? mediaDir : undefined,
          PAYMENT_SANDBOX_URL: svc.name === 'commerce' ? paymentSandboxUrl : undefined,
          PAYMENT_SANDBOX_WEBHOOK_KEY: svc.name === 'commerce' ? paymentSandboxWebhookKey : undefined,
          SMTP_URL: svc.name === 'messaging' ? smtpUrl : undefined,
          MAIL_LINK_SECRET: svc.name === 'messaging' ? mailLinkSecret : undefined,
        };
        const child = spawnPart(name, script, env);
        parts.set(name, { script, env, child, port, service: svc.name });
        await waitReady(`http://127.0.0.1:${port}/ready`, child, name);
      }));
    }
    for (const svc of SERVICES) {
      const port = svc.port + o.portOffset;
      subgraphs.push(`${svc.name}=http://127.0.0.1:${port}/graphql`);
      if (o.replicas > 1) fronts.push({ name: svc.name, port, backends: replicaPorts(svc) });
    }
    if (fronts.length) balancer = await o.balance({ fronts, logDir });
    if (o.gatewayReplicas > 1 && !o.balance) throw new Error('gatewayReplicas > 1 needs a balancer (option balance)');
    const gatewayPorts = o.gatewayReplicas > 1 ? Array.from({ length: o.gatewayReplicas }, (_, i) => o.port + o.replicaPortStep * (i + 1)) : [o.port];
    await Promise.all(
      gatewayPorts.map(async (port, i) => {
        const name = o.gatewayReplicas > 1 ? `gateway-${i + 1}` : 'gateway';
        const script = join(root, 'gateway', 'dist', 'main.js');
        const env = {
          PORT: String(port),
          SUBGRAPHS: subgraphs.join(','),
          WEB_DIST: join(root, 'web', 'dist'),
          PUBLIC_URL: publicUrl,
          // The composed file names the default ports; SUBGRAPHS above points each subgraph at this stack's.
          SUPERGRAPH_FILE: o.production ? SUPERGRAPH_FILE : undefined,
        };
        const gateway = spawnPart(name, script, env);
        parts.set(name, { script, env, child: gateway, port, service: 'gateway' });
        // Ready once it has composed the five subgraphs' schemas: on a loaded CI machine (a second stack
        // starting beside the suite) that took over a minute once.
        await waitReady(`http://127.0.0.1:${port}/ready`, gateway, name, Math.max(120_000, READY_TIMEOUT_MS));
      }),
    );
    if (o.gatewayReplicas > 1) gatewayBalancer = await o.balance({ fronts: [{ name: 'gateway', port: o.port, backends: gatewayPorts }], logDir });
    if (o.seedDemo) seedDemo(o, serviceDatabaseUrl(o.databaseAdminUrl, 'identity', o.database), common);
    if (o.seedDemo && o.waitForDemoVideosMs > 0) {
      const began = Date.now();
      await waitForVideos(serviceDatabaseUrl(o.databaseAdminUrl, 'catalogue', o.database), o.waitForDemoVideosMs, children);
      say(`• Vidéos de démonstration prêtes (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    }
  } catch (err) {
    await stop();
    // A throwaway stack that failed half-way still made a database and a stream: the caller may discard them.
    if (err && typeof err === 'object') Object.assign(err, { discard });
    throw err;
  }
  // Every port a part of this stack may connect to: the shared servers, each other, the sandboxes.
  const portOf = (url, usual) => Number(new URL(url).port) || usual;
  const endpoints = [
    portOf(o.databaseAdminUrl, 5432), portOf(o.natsUrl, 4222), portOf(o.redisUrl, 6379), o.port,
    ...SERVICES.map((svc) => svc.port + o.portOffset),
    ...[...parts.values()].map((p) => p.port).filter((port) => !SERVICES.some((svc) => svc.port + o.portOffset === port)),
    ...(o.paymentSandbox ? [paymentSandboxPort] : []),
    ...(o.mailCatcher ? [mailCatcherSmtpPort, MAIL_CATCHER_HTTP_PORT + o.portOffset] : []),
  ];
  return { url: publicUrl, port: o.port, portOffset: o.portOffset, demo: DEMO, children, parts, respawn, stop, discard, logDir, subgraphSecret, keysDir: join(o.dataDir, 'keys'), paymentSandboxUrl, mailCatcherUrl, endpoints };
}

/** `npm start`'s secrets and key pair, made once in dataDir/keys (development only: start:prod refuses them). */
function developmentSecrets(dataDir) {
  const keys = ensureKeys(join(dataDir, 'keys'));
  return {
    authPrivateKey: keys.privatePath,
    authPublicKey: keys.publicPath,
    mediaSigningSecret: ensureSecret(join(dataDir, 'keys', 'media-signing-secret')),
    // The gateway sends it on every upstream request; subgraphs refuse anything without it.
    subgraphSecret: ensureSecret(join(dataDir, 'keys', 'subgraph-secret')),
    // Signs the links in mails (unsubscribe, tracked clicks).
    mailLinkSecret: ensureSecret(join(dataDir, 'keys', 'mail-link-secret')),
  };
}

/**
 * Waits until no video is pending or processing in the catalogue (the streaming pipeline built the
 * demo videos' ladders); fails with the videos still open, or the failed ones, after `timeoutMs`.
 */
async function waitForVideos(catalogueDbUrl, timeoutMs, children) {
  const { Client } = require('pg');
  const c = new Client({ connectionString: catalogueDbUrl });
  await c.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const dead = children.find(({ child }) => child.exitCode !== null);
      if (dead) throw new Error(`${dead.name} exited with code ${dead.child.exitCode} while the demo videos were being prepared (see its log)`);
      const { rows } = await c.query(`SELECT title, processing_state, processing_progress, processing_error FROM catalogue.videos WHERE processing_state <> 'ready'`);
      const failed = rows.filter((r) => r.processing_state === 'failed');
      if (failed.length) throw new Error(`demo video(s) failed in the streaming pipeline: ${failed.map((r) => `${r.title} (${r.processing_error})`).join('; ')}`);
      if (!rows.length) return;
      if (Date.now() > deadline) {
        throw new Error(
          `the demo videos were not ready within ${timeoutMs / 1000}s: ${rows.map((r) => `${r.title} ${r.processing_state} ${r.processing_progress}%`).join('; ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await c.end();
  }
}

function runNode(script, env, what, args = []) {
  const cleanEnv = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
  const res = spawnSync(process.execPath, [script, ...args], { cwd: root, env: cleanEnv, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`Could not load ${what}: ${res.stderr || res.stdout}`);
}

/** Demo administrator and customer, created once (the command is idempotent). */
function seedDemo(o, identityDbUrl, common) {
  const cli = join(root, 'services', 'identity', 'dist', 'cli', 'create-admin.js');
  for (const [kind, u] of Object.entries(DEMO)) {
    const args = [cli, '--email', u.email, '--password', u.password, '--first-name', u.firstName, '--last-name', u.lastName];
    if (u.phone) args.push('--phone', u.phone);
    if (kind === 'customer') args.push('--customer');
    const res = spawnSync(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...common, DATABASE_URL: identityDbUrl },
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`Could not create the demo ${kind}: ${res.stderr || res.stdout}`);
  }
}

/** What a throwaway stack is called on the shared servers: `label` and a random suffix, so no other run meets it. */
function throwawayNames(label, suffix = randomBytes(4).toString('hex')) {
  return { suffix, database: `lbf_${label}_${suffix}`, stream: `${label.toUpperCase()}_${suffix}`, prefix: `${label}${suffix}`, redisKeyPrefix: `${label}${suffix}` };
}

/**
 * A throwaway stack (a measuring script's) under those names, on a fresh database; one that fails
 * half-way removes what it made (database, stream, keys) before its error goes on. Discard it at the end.
 */
function startThrowawayStack({ suffix: _suffix, ...names }, options) {
  return startStack({ ...names, freshDatabase: true, ...options }).catch(async (err) => {
    if (err && err.discard) await err.discard().catch(() => undefined);
    throw err;
  });
}

async function dropDatabase(adminUrl, database) {
  const { Client } = require('pg');
  const server = new URL(adminUrl);
  server.pathname = '/postgres';
  const c = new Client({ connectionString: server.toString() });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}


module.exports = { startStack, startThrowawayStack, throwawayNames, randomPortOffset, stackPorts, BLOCKED_PORTS, DEMO, SERVICES, PAYMENT_SANDBOX_PORT, MAIL_CATCHER_SMTP_PORT, MAIL_CATCHER_HTTP_PORT };
