import type { Logger } from '@lbf/service-kit';
import type { Redis } from 'ioredis';

/** The message on the channel that concerns every user (a group message). */
const EVERYONE = '*';

/**
 * "This user's unread count may have changed", across every messaging instance: Redis pub/sub on
 * one channel (the message is the user id, or '*' for everyone after a group message). Whichever
 * instance writes the message or the read, the instance holding the user's WebSocket hears it and
 * pushes the count. Only a nudge: the stream reloads the count itself.
 */
export class UnreadCounts {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Logger,
  ) {
    this.channel = `${prefix}:messaging:unread-changed`;
  }

  async start(): Promise<void> {
    const sub = this.redis.duplicate();
    this.subscriber = sub;
    sub.on('message', (_channel: string, userId: string) => {
      if (userId === EVERYONE) {
        for (const set of this.listeners.values()) for (const fn of set) fn();
      } else {
        for (const fn of this.listeners.get(userId) ?? []) fn();
      }
    });
    await sub.subscribe(this.channel);
  }

  /** Never throws: a lost nudge only delays the badge until the next change or page load. */
  async changed(userId: string): Promise<void> {
    try {
      await this.redis.publish(this.channel, userId);
    } catch (err) {
      this.log.warn({ err, userId }, 'unread count change not published');
    }
  }

  async changedForEveryone(): Promise<void> {
    await this.changed(EVERYONE);
  }

  private listen(userId: string, fn: () => void): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(userId);
    };
  }

  async stop(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /**
   * One user's badge: the count now, then a new value each time it differs from the last one sent
   * (nudges arriving while a count loads collapse into one reload, so a slow client gets no backlog).
   */
  stream(userId: string, load: () => Promise<number>): AsyncIterableIterator<number> {
    let dirty = true;
    let closed = false;
    let last: number | null = null;
    let wake: (() => void) | null = null;
    const off = this.listen(userId, () => {
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
    const iterator: AsyncIterableIterator<number> = {
      async next() {
        while (!closed) {
          if (dirty) {
            dirty = false;
            const value = await load();
            if (!closed && value !== last) {
              last = value;
              return { value, done: false };
            }
            continue;
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
