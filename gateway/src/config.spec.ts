import { DEFAULT_PUBLIC_URL } from '@lbf/service-kit';
import { fromEnv, parseByteSize, parseSubgraphList } from './config';

describe('gateway configuration', () => {
  it('reads SUBGRAPHS as name=url pairs', () => {
    expect(parseSubgraphList('identity=http://127.0.0.1:4101/graphql, analytics=http://analytics:4105/graphql')).toEqual([
      { name: 'identity', url: 'http://127.0.0.1:4101/graphql' },
      { name: 'analytics', url: 'http://analytics:4105/graphql' },
    ]);
  });

  it('refuses a pair without a name, a non-http URL or a name given twice', () => {
    expect(() => parseSubgraphList('http://127.0.0.1:4101/graphql')).toThrow(/name=url/);
    expect(() => parseSubgraphList('identity=ftp://x/graphql')).toThrow(/http/);
    expect(() => parseSubgraphList('a=http://x/graphql,a=http://y/graphql')).toThrow(/twice/);
  });

  it('defaults to every registered service on its port, port 4000 and development composition', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----';
    const config = fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 's'.repeat(32) });
    expect(config).toMatchObject({
      port: 4000,
      production: false,
      supergraphSdl: null,
      maxDepth: 12,
      bodyLimit: '100kb',
      subgraphs: [
        { name: 'identity', url: 'http://127.0.0.1:4101/graphql' },
        { name: 'catalogue', url: 'http://127.0.0.1:4102/graphql' },
        { name: 'commerce', url: 'http://127.0.0.1:4103/graphql' },
        { name: 'messaging', url: 'http://127.0.0.1:4104/graphql' },
        { name: 'analytics', url: 'http://127.0.0.1:4105/graphql' },
      ],
      redisKeyPrefix: 'lbf',
    });
    expect(config.authPublicKey).toContain('\nabc\n');
    expect(config.subgraphSecret).toBe('s'.repeat(32));
    expect(config.trustedProxies).toEqual([]);
  });

  it('serves one address: PUBLIC_URL, by default the one the services and `npm start` use', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----';
    const base = { AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 's'.repeat(32) };
    expect(fromEnv(base).publicUrl).toBe(DEFAULT_PUBLIC_URL);
    expect(DEFAULT_PUBLIC_URL).toBe('http://localhost:4000');
    expect(fromEnv({ ...base, PUBLIC_URL: 'https://lbf.example/' }).publicUrl).toBe('https://lbf.example');
  });

  it('refuses to start in production without PUBLIC_URL (a default would send every visitor to localhost)', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----';
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 's'.repeat(32), NODE_ENV: 'production' })).toThrow('exit 1');
      expect(String(stderr.mock.calls[0]?.[0])).toContain('PUBLIC_URL: required in production');
      expect(() => fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 's'.repeat(32), NODE_ENV: 'production', PUBLIC_URL: 'ftp://lbf.example' })).toThrow('exit 1');
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });

  it('reads the deployment\'s Redis key prefix, under which revocations live', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----';
    expect(fromEnv({ AUTH_PUBLIC_KEY: pem, SUBGRAPH_SECRET: 's'.repeat(32), REDIS_KEY_PREFIX: 'staging' }).redisKeyPrefix).toBe('staging');
  });

  it('converts a body limit to bytes for the WebSocket server', () => {
    expect(parseByteSize('100kb')).toBe(102_400);
    expect(parseByteSize('1mb')).toBe(1_048_576);
    expect(parseByteSize('512')).toBe(512);
  });
});
