import { createLogger } from './logger';
import { Lifecycle } from './lifecycle';

describe('graceful shutdown', () => {
  it('closes in reverse order of opening', async () => {
    const closed: string[] = [];
    const lifecycle = new Lifecycle(createLogger('test', 'silent'), 1000);
    lifecycle.onShutdown('database', () => void closed.push('database'));
    lifecycle.onShutdown('subgraph', () => void closed.push('subgraph'));
    await expect(lifecycle.shutdown()).resolves.toBe(true);
    expect(closed).toEqual(['subgraph', 'database']);
  });

  it('gives up at the deadline when a closer hangs, instead of waiting forever', async () => {
    const lifecycle = new Lifecycle(createLogger('test', 'silent'), 100);
    lifecycle.onShutdown('broker', () => new Promise(() => undefined));
    const started = Date.now();
    await expect(lifecycle.shutdown()).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('drains first: says so at once, keeps everything open for the delay, then closes', async () => {
    const closed: string[] = [];
    const lifecycle = new Lifecycle(createLogger('test', 'silent'), 1000, 200);
    lifecycle.onShutdown('subgraph', () => void closed.push('subgraph'));
    expect(lifecycle.isDraining()).toBe(false);
    const done = lifecycle.drain();
    expect(lifecycle.isDraining()).toBe(true);
    expect(closed).toEqual([]);
    await expect(done).resolves.toBe(true);
    expect(closed).toEqual(['subgraph']);
    await expect(lifecycle.drain()).resolves.toBe(true);
    expect(closed).toEqual(['subgraph']);
  });
});
