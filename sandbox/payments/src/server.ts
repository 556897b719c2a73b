/**
 * The payment providers' sandbox: one express app with NotchPay (/notchpay), MTN MoMo (/momo),
 * Orange Money (/orange), the phone page (/phone) and the test switches (/control).
 * `startPaymentsSandbox()` runs it on a port (0 = any free one) for tests; main.ts for `npm start`.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { page, esc } from './html';
import { expireMomo, momoRouter } from './momo';
import { expireNotch, notchpayRouter } from './notchpay';
import { operatorsCard, operatorsRouter } from './operators';
import { expireOrange, orangeRouter } from './orange';
import { phoneRouter } from './phone';
import { DEFAULT_WINDOWS, normalOperators, SandboxState, type Provider, type Settings } from './state';

export { SandboxState } from './state';
export * as credentials from './credentials';

const windowSchema = z.union([
  z.number().int().positive(),
  z.object({ mtn: z.number().int().positive().optional(), orange: z.number().int().positive().optional(), notchpay: z.number().int().positive().optional() }),
]);

const configSchema = z.object({
  notchpayWebhookUrl: z.string().url().nullable().optional(),
  windowMs: windowSchema.optional(),
  tokenTtlS: z.number().int().positive().optional(),
  momoReasonAsString: z.boolean().optional(),
  notchpayChargeDelayMs: z.number().int().min(0).max(60_000).optional(),
  publicUrl: z.string().url().nullable().optional(),
});

const nextCallbackSchema = z.object({
  mode: z.enum(['drop', 'twice', 'late', 'forged']),
  delayMs: z.number().int().min(0).max(600_000).optional(),
});

function applyWindows(settings: Settings, w: z.infer<typeof windowSchema>): void {
  if (typeof w === 'number') settings.windowMs = { mtn: w, orange: w, notchpay: w };
  else settings.windowMs = { ...settings.windowMs, ...Object.fromEntries(Object.entries(w).filter(([, v]) => v !== undefined)) };
}

const publicSettings = (s: Settings) => ({ ...s, webhookKey: s.webhookKey ? '[set]' : '' });

function controlRouter(state: SandboxState): express.Router {
  const r = express.Router();
  r.get('/config', (_req, res) => void res.json(publicSettings(state.settings)));
  r.post('/config', (req, res) => {
    const parsed = configSchema.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues });
    const c = parsed.data;
    if (c.notchpayWebhookUrl !== undefined) state.settings.notchpayWebhookUrl = c.notchpayWebhookUrl;
    if (c.windowMs !== undefined) applyWindows(state.settings, c.windowMs);
    if (c.tokenTtlS !== undefined) state.settings.tokenTtlS = c.tokenTtlS;
    if (c.momoReasonAsString !== undefined) state.settings.momoReasonAsString = c.momoReasonAsString;
    if (c.notchpayChargeDelayMs !== undefined) state.settings.notchpayChargeDelayMs = c.notchpayChargeDelayMs;
    if (c.publicUrl !== undefined) state.settings.publicUrl = c.publicUrl;
    res.json(publicSettings(state.settings));
  });
  r.post('/next-callback', (req, res) => {
    const parsed = nextCallbackSchema.safeParse(req.body ?? {});
    if (!parsed.success) return void res.status(400).json({ error: parsed.error.issues });
    state.nextCallback = { mode: parsed.data.mode, delayMs: parsed.data.delayMs ?? 2000 };
    res.json({ nextCallback: state.nextCallback });
  });
  r.get('/sent', (req, res) => {
    const provider = typeof req.query.provider === 'string' ? req.query.provider : undefined;
    res.json({ sent: state.sent.filter((s) => !provider || s.provider === provider) });
  });
  r.get('/payments', (_req, res) => {
    res.json({ mtn: [...state.momo.values()], orange: [...state.orange.values()], notchpay: [...state.notchpay.values()] });
  });
  r.post('/reset', (_req, res) => {
    state.reset();
    res.json({ ok: true });
  });
  return r;
}

/** Times out / expires what has waited past its window, so callbacks go out without anyone asking. */
export function sweep(state: SandboxState, now = Date.now()): void {
  for (const r of state.momo.values()) expireMomo(state, r, now);
  for (const o of state.orange.values()) expireOrange(state, o, now);
  for (const n of state.notchpay.values()) expireNotch(state, n, now);
}

export function createSandboxApp(state: SandboxState): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(express.json({ limit: '100kb', type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.get(['/health', '/ready'], (_req, res) => void res.json({ status: 'ok' }));
  app.use('/notchpay', notchpayRouter(state));
  app.use('/momo', momoRouter(state));
  app.use('/orange', orangeRouter(state));
  app.use('/phone', phoneRouter(state));
  app.use('/control/operators', operatorsRouter(state));
  app.use('/control', controlRouter(state));
  app.get('/', (_req, res) => {
    res.type('html').send(
      page(
        'Bac à sable des paiements',
        `<h1>Bac à sable des paiements</h1>
<div class="card"><p>NotchPay : <code>/notchpay</code> · MTN MoMo : <code>/momo</code> · Orange Money : <code>/orange</code></p>
<p><a href="/phone">${esc('Téléphone de test')}</a></p></div>
${operatorsCard(state)}`,
      ),
    );
  });
  // Malformed JSON and the like: answer like an API would, without a stack trace.
  app.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    const status = typeof err === 'object' && err && 'status' in err && typeof err.status === 'number' ? err.status : 500;
    res.status(status).json({ message: status === 500 ? 'Internal error' : 'Bad request' });
  });
  return app;
}

export interface SandboxOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  host?: string;
  /** NotchPay webhook hash key (PAYMENT_SANDBOX_WEBHOOK_KEY). */
  webhookKey: string;
  notchpayWebhookUrl?: string | null;
  windowMs?: number | Partial<Record<Provider, number>>;
  tokenTtlS?: number;
  publicUrl?: string | null;
  /** How often the sweeper looks for expired payments. */
  sweepEveryMs?: number;
}

export interface RunningSandbox {
  url: string;
  port: number;
  state: SandboxState;
  stop(): Promise<void>;
}

export function sandboxSettings(o: SandboxOptions): Settings {
  const windows = typeof o.windowMs === 'number' ? { mtn: o.windowMs, orange: o.windowMs, notchpay: o.windowMs } : { ...DEFAULT_WINDOWS, ...(o.windowMs ?? {}) };
  return {
    notchpayWebhookUrl: o.notchpayWebhookUrl ?? null,
    webhookKey: o.webhookKey,
    windowMs: windows,
    tokenTtlS: o.tokenTtlS ?? 3600,
    momoReasonAsString: false,
    notchpayChargeDelayMs: 0,
    merchantName: 'LBF',
    publicUrl: o.publicUrl ?? null,
    operators: normalOperators(),
  };
}

export async function startPaymentsSandbox(o: SandboxOptions): Promise<RunningSandbox> {
  const state = new SandboxState(sandboxSettings(o));
  const app = createSandboxApp(state);
  const host = o.host ?? '127.0.0.1';
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(o.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
    s.once('error', reject);
  });
  const sweeper = setInterval(() => sweep(state), o.sweepEveryMs ?? 250);
  sweeper.unref();
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    state,
    async stop() {
      clearInterval(sweeper);
      state.stopTimers();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
