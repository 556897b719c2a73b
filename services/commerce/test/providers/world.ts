/**
 * The provider clients against the real sandbox on loopback: a sandbox on a free port, a receiver
 * standing in for commerce's webhook endpoints (records raw bodies and headers), and the clients
 * built from env exactly as commerce builds them.
 */
import { standIn, withHarness } from '@lbf/service-kit/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPaymentsSandbox, type RunningSandbox } from '../../../../sandbox/payments/src/server';
import { createProviders, providerConfigsFrom, type ChargeRequest, type ProviderConfigs, type ProviderTuning } from '../../src/providers';

export interface Received {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  rawBody: Buffer;
}

export interface Receiver {
  url: string;
  received: Received[];
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ProviderWorld {
  sandbox: RunningSandbox;
  receiver: Receiver;
  webhookKey: string;
  configs: ProviderConfigs;
  providers: ReturnType<typeof createProviders>;
  control(path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The world of a provider's tests: started before them, its sandbox and receiver reset before each,
 * stopped after them; read when a test runs.
 */
export function providerWorld(): ProviderWorld {
  const world = withHarness(async () => {
    const w = await startProviderWorld();
    return { ...w, teardown: () => w.stop() };
  });
  beforeEach(async () => {
    await world.control('/reset', {});
    world.receiver.received.length = 0;
  });
  return world;
}

/**
 * A mobile-money operator's client against the sandbox, in the world of the tests around it, and a
 * charge to one phone (under a fresh reference unless given).
 */
export function operatorUnderTest(provider: 'mtn' | 'orange') {
  const world = providerWorld();
  const client = standIn(() => world.providers.get(provider)!);
  const charge = (phone: string, reference = randomUUID()) => client.charge(chargeRequest(world, { provider, reference, phone }));
  return { world, client, charge };
}

/** The global fetch, counting the requests to URLs that end with `path` (a client's token calls). */
export function countingFetch(path: string): { fetchImpl: typeof fetch; count(): number } {
  let n = 0;
  return {
    fetchImpl: (input, init) => {
      if (String(input).endsWith(path)) n++;
      return fetch(input, init);
    },
    count: () => n,
  };
}

export async function startProviderWorld(tuning: ProviderTuning = {}): Promise<ProviderWorld> {
  const webhookKey = randomBytes(32).toString('base64url');
  const receiver = await startReceiver();
  const sandbox = await startPaymentsSandbox({ port: 0, webhookKey, notchpayWebhookUrl: `${receiver.url}/payments/notify/notchpay`, sweepEveryMs: 50 });
  const configs = providerConfigsFrom({ PAYMENT_SANDBOX_URL: sandbox.url, PAYMENT_SANDBOX_WEBHOOK_KEY: webhookKey }, tuning);
  return {
    sandbox,
    receiver,
    webhookKey,
    configs,
    providers: createProviders(configs),
    async control(path, body) {
      const res = await fetch(`${sandbox.url}/control${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    async stop() {
      await sandbox.stop();
      await receiver.stop();
    },
  };
}

export function chargeRequest(world: ProviderWorld, overrides: Partial<ChargeRequest> & { provider: 'mtn' | 'orange' | 'notchpay' }): ChargeRequest {
  const { provider, ...rest } = overrides;
  return {
    reference: randomUUID(),
    orderId: randomUUID(),
    amountXaf: 2356,
    phone: null,
    email: 'client@lbf.demo',
    description: "Vidéo : L'hypertension & vous",
    notifyUrl: `${world.receiver.url}/payments/notify/${provider}`,
    returnUrl: 'http://localhost:4000/paiement/retour',
    ...rest,
  };
}

/** Pending prompts on the sandbox phone for a number. */
export async function phonePrompts(world: ProviderWorld, msisdn: string): Promise<Array<{ id: string; provider: string; amount: number }>> {
  const res = await fetch(`${world.sandbox.url}/phone/api/prompts?msisdn=${msisdn}`);
  return ((await res.json()) as { prompts: Array<{ id: string; provider: string; amount: number }> }).prompts;
}

export async function answerPhone(world: ProviderWorld, msisdn: string, action: 'approve' | 'decline'): Promise<void> {
  const prompts = await until(async () => {
    const p = await phonePrompts(world, msisdn);
    return p.length ? p : undefined;
  });
  const res = await fetch(`${world.sandbox.url}/phone/api/prompts/${prompts[0].id}/${action}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`phone ${action}: ${res.status}`);
}

/** Polls until `check` gives a truthy value (or throws after `timeoutMs`). */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 3000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
