import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/** How long a publish may wait for Redis before the caller goes on without it. */
export const NUDGE_TIMEOUT_MS = 1000;

/** The key every listener hears (e.g. a group message concerns every user). */
export const EVERY_KEY = '*';

export interface StreamOptions<T> {
  /** Push a value only when it differs (by JSON) from the last one pushed. */
  distinct?: boolean;
  /** Ends the stream after pushing a value for which this is true (e.g. a campaign SENT). */
  final?: (value: T) => boolean;
  /** `load` answering null ends the stream (the thing is gone); otherwise null is just not pushed. */
  endOnNull?: boolean;
}

/**
 * "Something under this key changed", across every instance of a service: Redis pub/sub on one
 * channel whose messages are keys (an order id, a user id, a campaign id). Whichever instance made
 * the change publishes; the instance holding the subscriber's WebSocket hears it and reloads.
 * Only a nudge: a stream reloads its value itself, so nothing is lost by collapsing nudges.
 */
export class LiveNudges {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly redis: Redis,
    /** Full channel name, e.g. `${REDIS_KEY_PREFIX}:commerce:order-updated`. */
    readonly channel: string,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    const sub = this.redis.duplicate();
    this.subscriber = sub;
    sub.on('message', (_channel: string, key: string) => this.nudge(key));
    sub.on('error', (err) => this.log.debug({ err: String(err), channel: this.channel }, 'live nudges subscriber'));
    await sub.subscribe(this.channel);
  }

  /**
   * Never throws, and never waits more than a second: while Redis is away the client holds
   * commands until it reconnects, and a caller (a mutation, a progress loop) must not hang on a
   * nudge. A lost nudge only delays a screen until the next change (or its own poll).
   */
  async publish(key: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const sent = this.redis.publish(this.channel, key);
      sent.catch(() => undefined);
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NUDGE_TIMEOUT_MS)));
      if ((await Promise.race([sent, late])) === 'late') this.log.warn({ channel: this.channel, key }, 'live nudge not published in time');
    } catch (err) {
      this.log.warn({ err: String(err), channel: this.channel, key }, 'live nudge not published');
    } finally {
      clearTimeout(timer);
    }
  }

  async publishToEveryone(): Promise<void> {
    await this.publish(EVERY_KEY);
  }

  /** Runs the listeners of `key` (or all of them for EVERY_KEY) as a message from Redis would. */
  nudge(key: string): void {
    if (key === EVERY_KEY) {
      for (const set of this.listeners.values()) for (const fn of set) fn();
    } else {
      for (const fn of this.listeners.get(key) ?? []) fn();
    }
  }

  listen(key: string, fn: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(key);
    };
  }

  /** Keys someone listens to on this instance (tests check nothing is left behind). */
  listenedKeys(): string[] {
    return [...this.listeners.keys()];
  }

  async stop(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /**
   * One subscriber's stream: the value now, then a fresh one after each nudge of `key` (nudges
   * arriving while a value loads collapse into one reload, so a slow client gets no backlog).
   */
  stream<T>(key: string, load: () => Promise<T | null>, options: StreamOptions<T> = {}): AsyncIterableIterator<T> {
    let dirty = true;
    let closed = false;
    let last: string | null = null;
    let wake: (() => void) | null = null;
    const off = this.listen(key, () => {
      dirty = true;
      wake?.();
      wake = null;
    });
    const close = () => {
      closed = true;
      off();
      wake?.();
      wake = null;
    };
    const iterator: AsyncIterableIterator<T> = {
      async next() {
        while (!closed) {
          if (dirty) {
            dirty = false;
            const value = await load();
            if (closed) break;
            if (value === null) {
              if (options.endOnNull) close();
              continue;
            }
            if (options.distinct) {
              const json = JSON.stringify(value);
              if (json === last) continue;
              last = json;
            }
            if (options.final?.(value)) close();
            return { value, done: false };
          }
          await new Promise<void>((resolve) => (wake = resolve));
        }
        return { value: undefined, done: true };
      },
      async return() {
        close();
        return { value: undefined, done: true };
      },
      async throw(error?: unknown) {
        close();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}
