import type { Logger, Redis } from '@lbf/service-kit';

/**
 * "This order changed" across every commerce instance: Redis pub/sub on one channel (the message is
 * the order id). Whichever instance settles a payment, the instance holding the customer's
 * WebSocket hears it and pushes the order. Only a nudge: subscribers reload the order themselves.
 */
export class OrderUpdates {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Logger,
  ) {
    this.channel = `${prefix}:commerce:order-updated`;
  }

  async start(): Promise<void> {
    const sub = this.redis.duplicate();
    this.subscriber = sub;
    sub.on('message', (_channel: string, orderId: string) => {
      for (const fn of this.listeners.get(orderId) ?? []) fn();
    });
    await sub.subscribe(this.channel);
  }

  /** Never throws: a lost nudge only delays the screen until "Vérifier" or the next change. */
  async publish(orderId: string): Promise<void> {
    try {
      await this.redis.publish(this.channel, orderId);
    } catch (err) {
      this.log.warn({ err, orderId }, 'order update not published');
    }
  }

  listen(orderId: string, fn: () => void): () => void {
    let set = this.listeners.get(orderId);
    if (!set) this.listeners.set(orderId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(orderId);
    };
  }

  async stop(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /**
   * One subscriber's stream: the current value first, then a fresh one after each change (changes
   * arriving while a value loads collapse into one reload, so a slow client gets no backlog).
   */
  stream<T>(orderId: string, load: () => Promise<T | null>): AsyncIterableIterator<T> {
    let dirty = true;
    let closed = false;
    let wake: (() => void) | null = null;
    const off = this.listen(orderId, () => {
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
            if (value !== null && !closed) return { value, done: false };
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
