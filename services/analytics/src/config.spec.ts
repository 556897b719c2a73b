import { fromEnv } from './config';

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
