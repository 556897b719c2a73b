import { defaultStreamOptions } from '@lbf/proto-events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { natsPermissions, natsServers, natsUsersConf } from './nats-permissions';
import { SERVICE_REGISTRY } from './registry';

const ROOT = join(__dirname, '..', '..', '..');

describe('NATS users per service', () => {
  it('lets a service publish its own events and none of another service', () => {
    const { publish, subscribe } = natsPermissions('catalogue', { stream: 'LBF', prefix: 'lbf' });
    const events = publish.allow.filter((s) => !s.startsWith('$'));
    expect(events).toEqual(['lbf.catalogue.>']);
    // The JetStream API only on the one stream.
    expect(publish.allow.filter((s) => s.startsWith('$JS.API.') && s !== '$JS.API.INFO').every((s) => /\.LBF(\.>)?$/.test(s))).toBe(true);
    expect(subscribe.allow).toEqual(['lbf.>', '_INBOX.>']);
  });

  it('keeps deploy/nats/users.conf as the registry gives it (node scripts/nats-users.js > deploy/nats/users.conf)', () => {
    const file = readFileSync(join(ROOT, 'deploy', 'nats', 'users.conf'), 'utf8');
    expect(file).toBe(natsUsersConf(SERVICE_REGISTRY.map((s) => s.name), defaultStreamOptions));
    for (const s of SERVICE_REGISTRY) expect(file).toContain(`password: $LBF_NATS_${s.name.toUpperCase()}_PASSWORD`);
  });

  it('gives every service in docker-compose.yml a NATS_URL with its own user', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    for (const s of SERVICE_REGISTRY) expect(compose).toContain(`NATS_URL: nats://${s.name}:\${LBF_NATS_${s.name.toUpperCase()}_PASSWORD:-`);
  });

  it('takes the user out of NATS_URL, since the client wants it as options', () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    expect(natsServers('nats://catalogue:s%40cret@nats-a:4222,nats://catalogue:s%40cret@nats-b:4222')).toEqual({
      servers: ['nats://nats-a:4222', 'nats://nats-b:4222'],
      user: 'catalogue',
      pass: 's@cret',
    });
  });
});
