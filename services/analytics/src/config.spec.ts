import { analyticsSettings, fromEnv } from './config';

const pem = '-----BEGIN PUBLIC KEY-----\\nMFkw\\n-----END PUBLIC KEY-----';

describe('analytics configuration', () => {
  it('listens on 4105 and counts days in Douala unless told otherwise', () => {
    const config = fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'a-subgraph-secret-of-the-tests' });
    expect(config).toMatchObject({ port: 4105, siteTimezone: 'Africa/Douala', production: false, eventStream: 'LBF', eventPrefix: 'lbf' });
    expect(config.authPublicKey).toBe('-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----');
  });

  it('takes the site time zone and port from the environment', () => {
    const config = fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'a-subgraph-secret-of-the-tests', SITE_TIMEZONE: 'Europe/Paris', PORT: '5105', NODE_ENV: 'production' });
    expect(config).toMatchObject({ port: 5105, siteTimezone: 'Europe/Paris', production: true });
  });
});

describe('analytics settings', () => {
  const base = fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'a-subgraph-secret-of-the-tests' });

  it('fills every setting of its own once: 120 visits a minute, 8 deliveries, the lbf prefix, Douala', () => {
    const { siteTimezone: _z, visitsPerMinutePerIp: _v, eventMaxDeliver: _e, redisKeyPrefix: _p, ...given } = base;
    // Without the settings that have defaults, as an environment that leaves them out gives them.
    expect(analyticsSettings(given as Parameters<typeof analyticsSettings>[0])).toMatchObject({ siteTimezone: 'Africa/Douala', visitsPerMinutePerIp: 120, eventMaxDeliver: 8, redisKeyPrefix: 'lbf' });
  });

  it('keeps what it is given, and cannot be changed afterwards', () => {
    const settings = analyticsSettings({ ...base, visitsPerMinutePerIp: 3, eventMaxDeliver: 2, redisKeyPrefix: 't_abc' });
    expect(settings).toMatchObject({ visitsPerMinutePerIp: 3, eventMaxDeliver: 2, redisKeyPrefix: 't_abc' });
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it('reads VISIT_RATE_LIMIT_PER_MINUTE', () => {
    expect(fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'a-subgraph-secret-of-the-tests', VISIT_RATE_LIMIT_PER_MINUTE: '500' }).visitsPerMinutePerIp).toBe(500);
  });

  it('keeps the administrators’ journal 5 years unless ADMIN_JOURNAL_RETENTION_DAYS says otherwise, never less than a year', () => {
    const env = { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 'a-subgraph-secret-of-the-tests' };
    expect(fromEnv(env).adminJournalRetentionDays).toBe(1825);
    expect(fromEnv({ ...env, ADMIN_JOURNAL_RETENTION_DAYS: '3650' }).adminJournalRetentionDays).toBe(3650);
    expect(() => fromEnv({ ...env, ADMIN_JOURNAL_RETENTION_DAYS: '30' })).toThrow(/ADMIN_JOURNAL_RETENTION_DAYS/);
    expect(() => analyticsSettings({ ...base, adminJournalRetentionDays: 30 })).toThrow();
  });
});
