import { decodeEnvelope, type EventData } from '@lbf/proto-events';
import { listenLive, type EventBus, type Logger } from '@lbf/service-kit';
import type { LiveCounters } from '../shared/counters';
import { CountersSubscription } from './counters-subscription';

/**
 * Fans `analytics.counters.updated` out to the subscribers connected to this instance. Every
 * instance hears every update (plain NATS, not a queue group), whichever instance made the change.
 */
export class LiveCountersFeed {
  private readonly subscribers = new Set<CountersSubscription>();
  private listener: { stop(): void } | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.listener ??= listenLive(this.bus, 'analytics.counters.updated', (raw) => this.receive(raw));
  }

  /** Registers first, then loads the current values, so no update can slip between the two. */
  subscribe(current: () => Promise<LiveCounters>): CountersSubscription {
    const subscription = new CountersSubscription((s) => this.subscribers.delete(s));
    this.subscribers.add(subscription);
    subscription.begin(current());
    return subscription;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  stop(): void {
    this.listener?.stop();
    this.listener = null;
    for (const s of [...this.subscribers]) void s.return();
  }

  private receive(raw: Uint8Array): void {
    const decoded = decodeEnvelope(raw);
    if (!decoded.ok || decoded.envelope.subject !== 'analytics.counters.updated') {
      this.log.warn({ reason: decoded.ok ? decoded.envelope.subject : decoded.reason }, 'ignored a malformed counters update');
      return;
    }
    const counters = decoded.envelope.data as EventData<'analytics.counters.updated'>;
    for (const s of this.subscribers) s.offer(counters);
  }
}
