import type { Loose } from '@lbf/service-kit/testing';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * Issue 22 §3–4's stack: two replicas of each of the five services, each its own process (child
 * processes started as scripts/lib/stack.js starts `npm start`'s, not containers), on its own loopback
 * port, behind HAProxy from Debian (scripts/lib/haproxy.js) as the stand-in for a Kubernetes Service:
 * the gateway's SUBGRAPHS name HAProxy's frontends. Used by scale-out.int.spec.ts and
 * rolling-restart.int.spec.ts, each with a database, stream, Redis prefix and block of ports of its own.
 */
export type Stack = Awaited<ReturnType<typeof import('../../scripts/lib/stack').startStack>>;
export type Probe = { query: string; auth?: boolean; ok: (data: unknown) => boolean };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack, randomPortOffset, stackPorts, SERVICES } = require('../../scripts/lib/stack') as typeof import('../../scripts/lib/stack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startHaproxy } = require('../../scripts/lib/haproxy') as typeof import('../../scripts/lib/haproxy');
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { PROBES } = require('../../scripts/bench/recovery') as { PROBES: Record<string, Probe> };

export const NAMES: string[] = SERVICES.map((s: { name: string }) => s.name);
const root = join(__dirname, '..', '..');

export interface GqlBody {
  data?: Loose | null;
  errors?: unknown[];
}

export interface ReplicatedStack {
  stack: Stack;
  gatewayUrl: string;
  /** The stack's JetStream stream. */
  stream: string;
  db: Client;
  tokens: { admin: string; customer: string };
  gql(query: string, variables?: Record<string, unknown>, token?: string, url?: string): Promise<GqlBody>;
  /** gql, throwing unless the answer has data and no error. */
  must(query: string, variables?: Record<string, unknown>, token?: string): Promise<Loose>;
  sql<T = Loose>(text: string, params?: unknown[]): Promise<T[]>;
  /** The replicas of a service still registered: part name, port. */
  replicasOf(service: string): Array<{ name: string; port: number }>;
  /** Sum of a counter or gauge on one replica's /metrics, over the series whose labels contain `labels`. */
  metric(port: number, name: string, labels?: Record<string, string>): Promise<number>;
  /** The metric on each replica of a service, in replica order. */
  perReplica(service: string, name: string, labels?: Record<string, string>): Promise<number[]>;
  discard(): Promise<void>;
}

/** Requests of one kind under load: how many answered as expected, how many not (and why, the first words). */
export type Outcome = { ok: number; failed: number; errors: string[] };
export const outcome = (): Outcome => ({ ok: 0, failed: 0, errors: [] });

/** Runs `request` and counts it in `into`: ok when it resolves true, failed (with why) otherwise. */
export function count(into: Outcome, request: () => Promise<true | string>): Promise<void> {
  return request().then(
    (answer) => void (answer === true ? into.ok++ : (into.failed++, into.errors.push(answer.slice(0, 300)))),
    (err: Error) => void (into.failed++, into.errors.push(`${String(err)} (${String(err.cause)})`)),
  );
}

/**
 * Steady load through the gateway until stopped: `rate` requests/s, each service's own query in
 * turn (PROBES, signed in as `token` where a probe needs it), and a page visit every `visitEvery`-th
 * (paced by the clock: a busy machine delays timers, the requests due meanwhile are sent at once).
 * `track` adds a request of the caller's own to those stop() waits for; stop() resolves once every
 * request has answered, with how many were sent and in how long.
 */
export function startProbeLoad(rs: Pick<ReplicatedStack, 'gql'>, o: { rate: number; visitEvery: number; visitorTag: string; token: string }) {
  const queries = Object.fromEntries(NAMES.map((n) => [n, outcome()]));
  const visits = outcome();
  const pending: Array<Promise<void>> = [];
  let tick = 0;
  const began = Date.now();
  const send = () => {
    const name = NAMES[tick % NAMES.length]!;
    const probe = PROBES[name]!;
    pending.push(
      count(queries[name]!, async () => {
        const body = await rs.gql(probe.query, {}, probe.auth ? o.token : undefined);
        return !body.errors && probe.ok(body.data) ? true : JSON.stringify(body.errors ?? body);
      }),
    );
    if (tick++ % o.visitEvery !== 0) return;
    pending.push(
      count(visits, async () => {
        const body = await rs.gql('mutation V($input: PageVisitInput!) { recordPageVisit(input: $input) }', { input: { path: '/', visitorId: `${o.visitorTag}-${tick}-${randomBytes(3).toString('hex')}` } });
        return body.data?.recordPageVisit === true && !body.errors ? true : JSON.stringify(body.errors ?? body);
      }),
    );
  };
  const timer = setInterval(() => {
    while (tick < ((Date.now() - began) * o.rate) / 1000) send();
  }, 1000 / o.rate);
  return {
    queries,
    visits,
    track: (request: Promise<void>) => void pending.push(request),
    async stop() {
      clearInterval(timer);
      const seconds = (Date.now() - began) / 1000;
      await Promise.all(pending);
      return { sent: tick, seconds };
    },
  };
}

/** True when nothing listens on 127.0.0.1:`port`. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A block of ports free now: the gateway at 4000 + offset (its replicas, when asked, 10 and 20 above), HAProxy on each service's usual port +
 * offset, the replicas 10 and 20 above it, the sandboxes at 4106–4108 + offset. Offsets 2000+ stay
 * clear of the browser tests' and the bench's; another replicated stack may run at the same time.
 */
async function freeOffset(): Promise<number> {
  return randomPortOffset({ from: 2000, step: 50, count: 40 }, async (offset) => (await Promise.all(stackPorts(offset).map(portFree))).every(Boolean));
}

/** Starts the stack (`label` names its database, stream and data folder), signs the demo accounts in. */
export async function startReplicatedStack(
  label: string,
  options: { extraEnv?: Record<string, string>; demoVideoMaxSeconds?: number; gatewayReplicas?: number } = {},
): Promise<ReplicatedStack> {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = join(root, '.data', label, suffix);
  mkdirSync(dataDir, { recursive: true });
  const offset = await freeOffset();
  const database = `lbf_${label.replace(/\W/g, '_')}_${suffix}`;
  const stream = `${label.replace(/\W/g, '_').toUpperCase()}_${suffix}`;
  const stack = await startStack({
    port: 4000 + offset,
    publicUrl: `http://127.0.0.1:${4000 + offset}`,
    portOffset: offset,
    replicas: 2,
    gatewayReplicas: options.gatewayReplicas ?? 1,
    balance: startHaproxy,
    database,
    freshDatabase: true,
    stream,
    prefix: `${label.replace(/\W/g, '')}${suffix}`,
    redisKeyPrefix: `${label.replace(/\W/g, '')}${suffix}`,
    dataDir,
    // The demo catalogue (priced items to buy, the demo accounts) with short videos: the catalogue's
    // replicas build their streaming ladders while the stack starts.
    seedDemo: true,
    demoVideoMaxSeconds: options.demoVideoMaxSeconds ?? 10,
    waitForDemoVideosMs: 150_000,
    build: false,
    // info: each replica's log says where its boot time went (bootMs), and how it shut down.
    logLevel: 'info',
    quiet: true,
    extraEnv: { VISIT_RATE_LIMIT_PER_MINUTE: '1000000', NEWSLETTER_PER_SECOND: '1000', ...options.extraEnv },
  }).catch(async (err: Error & { discard?: () => Promise<void> }) => {
    await err.discard?.().catch(() => undefined);
    throw err;
  });
  const gatewayUrl = `${stack.url}/graphql`;
  const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  admin.pathname = `/${database}`;
  const db = new Client({ connectionString: admin.toString() });
  await db.connect();

  const gql: ReplicatedStack['gql'] = async (query, variables = {}, token, url = gatewayUrl) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (url !== gatewayUrl) headers['x-lbf-gateway-secret'] = stack.subgraphSecret;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as GqlBody;
  };
  const must: ReplicatedStack['must'] = async (query, variables = {}, token) => {
    const body = await gql(query, variables, token);
    if (body.errors || !body.data) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
  const replicasOf: ReplicatedStack['replicasOf'] = (service) =>
    [...stack.parts.entries()].filter(([, p]) => p.service === service).map(([name, p]) => ({ name, port: p.port as number }));
  const metric: ReplicatedStack['metric'] = async (port, name, labels = {}) => {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'x-lbf-gateway-secret': stack.subgraphSecret } }).then((r) => r.text());
    let sum = 0;
    for (const line of text.split('\n')) {
      const m = /^([a-z_]+)(?:\{([^}]*)\})? ([0-9.e+-]+)$/.exec(line);
      if (!m || m[1] !== name) continue;
      const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
    }
    return sum;
  };

  const tokens = { admin: '', customer: '' };
  for (const who of ['admin', 'customer'] as const) {
    const { email, password } = stack.demo[who];
    const signedIn = await must('mutation S($input: SignInInput!) { signIn(input: $input) { accessToken } }', { input: { email, password } });
    tokens[who] = signedIn.signIn.accessToken as string;
  }
  return {
    stack,
    gatewayUrl,
    stream,
    db,
    tokens,
    gql,
    must,
    sql: async <T = Loose>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[],
    replicasOf,
    metric,
    perReplica: (service, name, labels = {}) => Promise.all(replicasOf(service).map((r) => metric(r.port, name, labels))),
    discard: async () => {
      await db.end().catch(() => undefined);
      await stack.discard();
    },
  };
}
