import type { Logger } from '@lbf/service-kit';
import type { Redis } from 'ioredis';

/**
 * "This campaign's counters moved" across every messaging instance: Redis pub/sub on one channel
 * (the message is the campaign id). Whichever instance's worker sent the mail, the instance
 * holding the administrator's WebSocket hears it and pushes the campaign. Only a nudge: the
 * stream reloads the campaign itself.
 */
export class CampaignProgressChannel {
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Logger,
  ) {
    this.channel = `${prefix}:messaging:campaign-progress`;
  }

  async start(): Promise<void> {
    const sub = this.redis.duplicate();
    this.subscriber = sub;
    sub.on('message', (_channel: string, campaignId: string) => {
      for (const fn of this.listeners.get(campaignId) ?? []) fn();
    });
    sub.on('error', (err) => this.log.debug({ err: String(err) }, 'campaign progress subscriber'));
    await sub.subscribe(this.channel);
  }

  /** Never throws: a lost nudge only delays the bar until the next one. */
  async publish(campaignId: string): Promise<void> {
    try {
      await this.redis.publish(this.channel, campaignId);
    } catch (err) {
      this.log.warn({ err: String(err), campaignId }, 'campaign progress not published');
    }
  }

  listen(campaignId: string, fn: () => void): () => void {
    let set = this.listeners.get(campaignId);
    if (!set) this.listeners.set(campaignId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(campaignId);
    };
  }

  async stop(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  /**
   * One subscriber's stream: the campaign now, then again after each nudge (nudges arriving
   * while it loads collapse into one reload; an unchanged value is not pushed again), ending
   * after the value for which `final` is true (the campaign is SENT).
   */
  stream<T>(campaignId: string, load: () => Promise<T | null>, final: (value: T) => boolean): AsyncIterableIterator<T> {
    let dirty = true;
    let closed = false;
    let last = '';
    let wake: (() => void) | null = null;
    const off = this.listen(campaignId, () => {
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
            if (value === null) {
              close();
              break;
            }
            const json = JSON.stringify(value);
            if (json === last || closed) continue;
            last = json;
            if (final(value)) close();
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
