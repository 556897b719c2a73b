import { providerConfigsFrom } from './configs';

describe('providerConfigsFrom', () => {
  const MTN = { MTN_MOMO_API_USER: ' user ', MTN_MOMO_API_KEY: 'key', MTN_MOMO_SUBSCRIPTION_KEY: 'sub' };

  it('real credentials, all of them, switch a provider to its real endpoint with the tuning', () => {
    const fetchImpl = (async () => new Response()) as typeof fetch;
    const configs = providerConfigsFrom({ ...MTN, NOTCHPAY_PUBLIC_KEY: 'pk.1' }, { windowMs: { mtn: 5 }, timeoutMs: 7, fetchImpl });
    expect(configs.mtn).toEqual({
      baseUrl: 'https://proxy.momoapi.mtn.com',
      apiUser: 'user',
      apiKey: 'key',
      subscriptionKey: 'sub',
      targetEnvironment: 'mtncameroon',
      currency: 'XAF',
      sandbox: false,
      windowMs: 5,
      timeoutMs: 7,
      fetchImpl,
    });
    expect(configs.notchpay).toMatchObject({ baseUrl: 'https://api.notchpay.co', publicKey: 'pk.1', webhookHashKey: '', sandbox: false });
    expect(configs.orange).toBeNull();
  });

  it('without all of them, the sandbox when there is one, else not offered', () => {
    const partial = { MTN_MOMO_API_USER: 'user', MTN_MOMO_API_KEY: ' ' };
    expect(providerConfigsFrom(partial)).toEqual({ notchpay: null, mtn: null, orange: null });
    const sandboxed = providerConfigsFrom({ ...partial, PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4010/', PAYMENT_SANDBOX_WEBHOOK_KEY: 'whk' });
    expect(sandboxed.mtn).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/momo', apiUser: 'sandbox-user', sandbox: true });
    expect(sandboxed.orange).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/orange', username: 'sandbox', pin: '0000', sandbox: true });
    expect(sandboxed.notchpay).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/notchpay', publicKey: 'pk_test.sandbox', webhookHashKey: 'whk', sandbox: true });
  });
});
