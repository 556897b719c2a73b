import type { LiveCounters } from '../shared/counters';
import { nextLiveCounters } from './rules';

type Waiter = { resolve(result: IteratorResult<LiveCounters>): void; reject(err: unknown): void };

/** Updates kept while the first value loads; only the newest ones can matter. */
const MAX_BUFFERED = 64;

/**
 * One subscriber's stream of counters: first the current values, then each update that brings
 * something new (see nextLiveCounters). A slow reader is never sent a backlog: while it is busy,
 * newer values replace the one waiting, so memory per subscriber stays constant.
 * Hand-written rather than an async generator so that `return()` (the client unsubscribing)
 * takes effect at once instead of after the next update.
 */
export class CountersSubscription implements AsyncIterableIterator<LiveCounters> {
  private last: LiveCounters | null = null;
  private waiting: LiveCounters | null = null;
  private buffered: LiveCounters[] = [];
  private started = false;
  private closed = false;
  private failure: { error: unknown } | null = null;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly onClose: (self: CountersSubscription) => void = () => undefined) {}

  /** Gives the current counters, sent first; updates offered before then are applied after them. */
  begin(current: Promise<LiveCounters>): void {
    current.then(
      (value) => {
        if (this.closed) return;
        this.started = true;
        this.accept(value);
        const early = this.buffered;
        this.buffered = [];
        for (const update of early) this.offer(update);
      },
      (error: unknown) => {
        if (this.closed) return;
        this.failure = { error };
        for (const w of this.waiters.splice(0)) w.reject(error);
        this.close();
      },
    );
  }

  offer(update: LiveCounters): void {
    if (this.closed) return;
    if (!this.started) {
      this.buffered.push(update);
      if (this.buffered.length > MAX_BUFFERED) this.buffered.shift();
      return;
    }
    const next = nextLiveCounters(this.last, update);
    if (next) this.accept(next);
  }

  private accept(value: LiveCounters): void {
    this.last = value;
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve({ value, done: false });
    else this.waiting = value;
  }

  next(): Promise<IteratorResult<LiveCounters>> {
    if (this.waiting) {
      const value = this.waiting;
      this.waiting = null;
      return Promise.resolve({ value, done: false });
    }
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  return(): Promise<IteratorResult<LiveCounters>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<LiveCounters>> {
    this.close();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting = null;
    this.buffered = [];
    for (const w of this.waiters.splice(0)) w.resolve({ value: undefined, done: true });
    this.onClose(this);
  }
}
