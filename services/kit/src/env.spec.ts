import { z } from 'zod';
import { baseConfigFrom, baseEnv, ConfigError, DEFAULT_DB_POOL_MAX, DEFAULT_PUBLIC_URL, parseConfig, publicUrlVariable } from './env';

const pem = '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----';
const secret = 'a-subgraph-secret-of-the-tests';

describe('the base configuration', () => {
  it('maps the variables every service reads, with the registry port as default', () => {
    const config = baseConfigFrom('catalogue', parseConfig(baseEnv, { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: secret }));
    expect(config).toEqual({
      port: 4102,
      host: undefined,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/lbf',
      natsUrl: 'nats://127.0.0.1:4222',
      redisUrl: 'redis://127.0.0.1:6379',
      eventStream: 'LBF',
      eventPrefix: 'lbf',
      authPublicKey: '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----',
      production: false,
      logLevel: 'info',
      redisKeyPrefix: 'lbf',
      subgraphSecret: secret,
      siteTimezone: 'Africa/Douala',
      migrations: { mode: 'boot', waitMs: 300_000 },
      dbPoolMax: DEFAULT_DB_POOL_MAX,
      shutdownDelayMs: 250,
    });
  });

  it('pauses after SIGTERM for SHUTDOWN_DELAY_MS, 5 s in production and 250 ms elsewhere by default', () => {
    const env = { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: secret };
    expect(baseConfigFrom('identity', parseConfig(baseEnv, { ...env, NODE_ENV: 'production' })).shutdownDelayMs).toBe(5000);
    expect(baseConfigFrom('identity', parseConfig(baseEnv, { ...env, NODE_ENV: 'test' })).shutdownDelayMs).toBe(250);
    expect(baseConfigFrom('identity', parseConfig(baseEnv, { ...env, NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '0' })).shutdownDelayMs).toBe(0);
    expect(baseConfigFrom('identity', parseConfig(baseEnv, { ...env, SHUTDOWN_DELAY_MS: '1500' })).shutdownDelayMs).toBe(1500);
    for (const bad of ['-1', '2.5', '600000', 'soon']) expect(() => parseConfig(baseEnv, { ...env, SHUTDOWN_DELAY_MS: bad })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it('takes what the environment says', () => {
    const env = { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: secret, PORT: '5000', NODE_ENV: 'production', REDIS_KEY_PREFIX: 'staging', HOST: '0.0.0.0', SITE_TIMEZONE: 'Europe/Paris', MIGRATIONS: 'wait', MIGRATION_WAIT_SECONDS: '60' };
    expect(baseConfigFrom('identity', parseConfig(baseEnv, env))).toMatchObject({ port: 5000, production: true, redisKeyPrefix: 'staging', host: '0.0.0.0', siteTimezone: 'Europe/Paris', migrations: { mode: 'wait', waitMs: 60_000 } });
    expect(() => parseConfig(baseEnv, { ...env, SITE_TIMEZONE: 'Mars/Olympus' })).toThrow(/SITE_TIMEZONE: not an IANA time zone/);
  });

  it('sizes the Postgres pool from DB_POOL_MAX, a whole number from 1 to 100', () => {
    const env = { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: secret };
    expect(baseConfigFrom('commerce', parseConfig(baseEnv, { ...env, DB_POOL_MAX: '6' })).dbPoolMax).toBe(6);
    for (const bad of ['0', '2.5', '500', 'many']) expect(() => parseConfig(baseEnv, { ...env, DB_POOL_MAX: bad })).toThrow(/DB_POOL_MAX/);
  });

  it('names every bad variable at once, in an error a test can catch (no exit)', () => {
    const extended = baseEnv.extend({ MAIL_FROM: z.string().min(1) });
    let error: unknown;
    try {
      parseConfig(extended, { PORT: 'abc', REDIS_KEY_PREFIX: 'a b', AUTH_PUBLIC_KEY: '/no/such/key.pem' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual(['AUTH_PUBLIC_KEY', 'MAIL_FROM', 'PORT', 'REDIS_KEY_PREFIX', 'SUBGRAPH_SECRET']);
    expect((error as ConfigError).message).toMatch(/^Invalid environment:\n {2}/);
  });

  it('requires the gateway secret in development too, and a long one', () => {
    expect(() => parseConfig(baseEnv, { AUTH_PUBLIC_KEY: pem, NODE_ENV: 'development' })).toThrow(/SUBGRAPH_SECRET/);
    expect(() => parseConfig(baseEnv, { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'short' })).toThrow(/SUBGRAPH_SECRET/);
  });

  it('reads PUBLIC_URL one way for every process: one default, an http(s) URL, no trailing slash', () => {
    const schema = z.object({ PUBLIC_URL: publicUrlVariable.default(DEFAULT_PUBLIC_URL) });
    expect(parseConfig(schema, {}).PUBLIC_URL).toBe('http://localhost:4000');
    expect(parseConfig(schema, { PUBLIC_URL: 'https://lbf.example//' }).PUBLIC_URL).toBe('https://lbf.example');
    expect(() => parseConfig(schema, { PUBLIC_URL: 'ftp://lbf.example' })).toThrow(/PUBLIC_URL: an http\(s\) URL/);
    expect(() => parseConfig(schema, { PUBLIC_URL: 'lbf.example' })).toThrow(ConfigError);
  });
});
