import type { Express } from 'express';
import { mountRelays, RELAYS, type RelayDeps } from '.';

describe('the relay table', () => {
  it('lists every plain-HTTP relay once, in the order they are mounted', () => {
    expect(RELAYS.map((r) => [r.path, r.subgraph])).toEqual([
      ['/media', 'catalogue'],
      ['/payments/notify', 'commerce'],
      ['/newsletter', 'messaging'],
      ['/donnees/export', 'messaging'],
    ]);
  });

  it('mounts only the relays whose subgraph is configured', () => {
    const mounted: string[] = [];
    const app = { use: (path: string) => mounted.push(path) } as unknown as Express;
    const deps = { secret: 's'.repeat(32), redis: {}, redisKeyPrefix: 'lbf', notifyPerMinutePerIp: 120, log: {} } as unknown as RelayDeps;
    mountRelays(app, [{ name: 'messaging', url: 'http://127.0.0.1:4104/graphql' }, { name: 'catalogue', url: 'http://127.0.0.1:4102/graphql' }], deps);
    expect(mounted).toEqual(['/media', '/newsletter', '/donnees/export']);
  });
});
