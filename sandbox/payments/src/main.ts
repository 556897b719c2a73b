/**
 * Runs the payments sandbox (development only, never deployed). Environment:
 * PORT (4106), HOST (127.0.0.1), PAYMENT_SANDBOX_WEBHOOK_KEY (required: NotchPay webhook hash key,
 * the same value commerce has), NOTCHPAY_WEBHOOK_URL (where NotchPay webhooks go),
 * SANDBOX_WINDOW_MS or SANDBOX_MTN_WINDOW_MS / SANDBOX_ORANGE_WINDOW_MS / SANDBOX_NOTCHPAY_WINDOW_MS,
 * SANDBOX_TOKEN_TTL_S (3600), SANDBOX_PUBLIC_URL (origin browsers use; default: the request's Host).
 */
import type { Provider } from './state';
import { startPaymentsSandbox } from './server';

function positiveInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const webhookKey = process.env.PAYMENT_SANDBOX_WEBHOOK_KEY ?? '';
  if (!webhookKey) throw new Error('PAYMENT_SANDBOX_WEBHOOK_KEY is required (the NotchPay webhook hash key shared with commerce)');
  const all = positiveInt('SANDBOX_WINDOW_MS');
  const windowMs: Partial<Record<Provider, number>> = {};
  for (const [provider, name] of [
    ['mtn', 'SANDBOX_MTN_WINDOW_MS'],
    ['orange', 'SANDBOX_ORANGE_WINDOW_MS'],
    ['notchpay', 'SANDBOX_NOTCHPAY_WINDOW_MS'],
  ] as const) {
    const v = positiveInt(name) ?? all;
    if (v !== undefined) windowMs[provider] = v;
  }
  const sandbox = await startPaymentsSandbox({
    port: positiveInt('PORT') ?? 4106,
    host: process.env.HOST || '127.0.0.1',
    webhookKey,
    notchpayWebhookUrl: process.env.NOTCHPAY_WEBHOOK_URL || null,
    windowMs,
    tokenTtlS: positiveInt('SANDBOX_TOKEN_TTL_S'),
    publicUrl: process.env.SANDBOX_PUBLIC_URL || null,
  });
  console.log(`payments sandbox listening on ${sandbox.url} (phone page: ${sandbox.url}/phone)`);
  const shutdown = () => {
    void sandbox.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
