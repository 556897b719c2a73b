import type { LiveCounters } from '../shared/counters';
import { CountersSubscription } from './counters-subscription';

const day = '2025-06-01';
const counters = (registeredUsers: number, visitsToday: number, d = day): LiveCounters => ({ registeredUsers, visitsToday, day: d });

describe('a live counters subscription', () => {
  it('yields the current counters first, then each update that brings something new', async () => {
    const sub = new CountersSubscription();
    sub.begin(Promise.resolve(counters(3, 10)));
    await expect(sub.next()).resolves.toEqual({ value: counters(3, 10), done: false });
    const pending = sub.next();
    sub.offer(counters(3, 9));
    sub.offer(counters(3, 11));
    await expect(pending).resolves.toEqual({ value: counters(3, 11), done: false });
  });

  it('applies updates heard while the current counters were loading after them', async () => {
    const sub = new CountersSubscription();
    let load!: (c: LiveCounters) => void;
    sub.begin(new Promise((resolve) => (load = resolve)));
    const first = sub.next();
    sub.offer(counters(3, 12));
    sub.offer(counters(3, 10));
    load(counters(3, 11));
    await expect(first).resolves.toEqual({ value: counters(3, 11), done: false });
    await expect(sub.next()).resolves.toEqual({ value: counters(3, 12), done: false });
  });

  it('gives a slow reader the newest values, not a backlog', async () => {
    const sub = new CountersSubscription();
    sub.begin(Promise.resolve(counters(1, 1)));
    await sub.next();
    for (let v = 2; v <= 100; v++) sub.offer(counters(1, v));
    await expect(sub.next()).resolves.toEqual({ value: counters(1, 100), done: false });
  });

  it('ends at once when the client unsubscribes, and tells its feed', async () => {
    const closed = jest.fn();
    const sub = new CountersSubscription(closed);
    sub.begin(Promise.resolve(counters(1, 1)));
    await sub.next();
    const pending = sub.next();
    await sub.return();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    expect(closed).toHaveBeenCalledWith(sub);
    sub.offer(counters(1, 2));
    await expect(sub.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it('fails the stream when the current counters cannot be loaded', async () => {
    const sub = new CountersSubscription();
    sub.begin(Promise.reject(new Error('database down')));
    await expect(sub.next()).rejects.toThrow('database down');
    expect(sub.isClosed).toBe(true);
  });
});
