import { generateKeyPairSync } from 'node:crypto';
import { commerceSettings, DEFAULT_CHARGE_GRACE_MS, DEFAULT_PAYMENT_HEALTH, DEFAULT_POLL_DELAYS_MS, fromEnv, offeredProviders } from './config';

const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const base = { AUTH_PUBLIC_KEY: publicKey, SUBGRAPH_SECRET: 'a-secret-of-at-least-16-chars' };

describe('commerce config', () => {
  it('defaults: port 4103, rate 656, notify URL under the public URL, no method without credentials or sandbox', () => {
    const c = fromEnv({ ...base });
    expect(c.port).toBe(4103);
    expect(c.usdXafRate).toBe(656);
    expect(c.notifyUrl).toBe('http://localhost:4000/payments/notify');
    expect(offeredProviders(c)).toEqual([]);
  });

  it('puts every provider without credentials on the sandbox', () => {
    const c = fromEnv({ ...base, PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4106/', PAYMENT_SANDBOX_WEBHOOK_KEY: 'k' });
    expect(offeredProviders(c)).toEqual(['orange', 'mtn', 'notchpay']);
    expect(c.providers.notchpay).toMatchObject({ baseUrl: 'http://127.0.0.1:4106/notchpay', sandbox: true, publicKey: 'pk_test.sandbox', webhookHashKey: 'k' });
    expect(c.providers.mtn).toMatchObject({ baseUrl: 'http://127.0.0.1:4106/momo', sandbox: true, apiUser: 'sandbox-user', currency: 'XAF' });
    expect(c.providers.orange).toMatchObject({ baseUrl: 'http://127.0.0.1:4106/orange', sandbox: true, channelMsisdn: '691000000' });
  });

  it('switches a provider with real credentials to its real endpoint, the others stay on the sandbox', () => {
    const c = fromEnv({
      ...base,
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4106',
      NOTCHPAY_PUBLIC_KEY: 'pk.live',
      NOTCHPAY_WEBHOOK_HASH_KEY: 'hash',
      MTN_MOMO_API_USER: '',
      PAYMENT_NOTIFY_URL: 'https://lbf.example/payments/notify/',
    });
    expect(c.providers.notchpay).toEqual({ baseUrl: 'https://api.notchpay.co', sandbox: false, publicKey: 'pk.live', webhookHashKey: 'hash' });
    expect(c.providers.mtn?.sandbox).toBe(true);
    expect(c.notifyUrl).toBe('https://lbf.example/payments/notify');
  });

  it('needs every MoMo variable for the real endpoint', () => {
    const c = fromEnv({ ...base, MTN_MOMO_API_USER: 'u', MTN_MOMO_API_KEY: 'k' });
    expect(c.providers.mtn).toBeNull();
    const real = fromEnv({ ...base, MTN_MOMO_API_USER: 'u', MTN_MOMO_API_KEY: 'k', MTN_MOMO_SUBSCRIPTION_KEY: 's' });
    expect(real.providers.mtn).toMatchObject({ baseUrl: 'https://proxy.momoapi.mtn.com', sandbox: false, targetEnvironment: 'mtncameroon' });
  });

  it('refuses a bad rate', () => {
    expect(() => fromEnv({ ...base, USD_XAF_RATE: 'abc' })).toThrow(/USD_XAF_RATE/);
  });

  it('fills every default once (settings the modules read) and freezes them', () => {
    const settings = commerceSettings(fromEnv({ ...base }));
    expect(settings).toMatchObject({ pollDelaysMs: DEFAULT_POLL_DELAYS_MS, chargeGraceMs: DEFAULT_CHARGE_GRACE_MS, redisKeyPrefix: 'lbf', siteTimezone: 'Africa/Douala' });
    expect(Object.isFrozen(settings)).toBe(true);
    expect(Object.isFrozen(settings.providers)).toBe(true);
    expect(commerceSettings({ ...fromEnv({ ...base }), pollDelaysMs: [200], chargeGraceMs: 1_500 })).toMatchObject({ pollDelaysMs: [200], chargeGraceMs: 1_500 });
  });

  it("operator health: thresholds from the environment, else the defaults, for a test's literal config too", () => {
    expect(commerceSettings(fromEnv({ ...base })).paymentHealth).toEqual(DEFAULT_PAYMENT_HEALTH);
    const tuned = commerceSettings(fromEnv({ ...base, PAYMENT_HEALTH_SLOW_MEDIAN_SECONDS: '20', PAYMENT_HEALTH_FAILING_BELOW_PERCENT: '50' })).paymentHealth;
    expect(tuned).toMatchObject({ slowMedianSeconds: 20, failingBelowPercent: 50, windowMinutes: 30, minSettled: 5 });
    const { paymentHealth: _, ...literal } = fromEnv({ ...base });
    expect(commerceSettings({ ...literal, paymentHealth: { cacheSeconds: 0 } }).paymentHealth).toEqual({ ...DEFAULT_PAYMENT_HEALTH, cacheSeconds: 0 });
    expect(() => fromEnv({ ...base, PAYMENT_HEALTH_FAILING_BELOW_PERCENT: '120' })).toThrow(/PAYMENT_HEALTH_FAILING_BELOW_PERCENT/);
  });
});
