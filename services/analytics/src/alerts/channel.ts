import { LiveNudges, type Logger } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import type { AdminAlertsView } from './store';

const BELL = 'bell';

/**
 * The bell's live channel: whichever instance applied an alert nudges every instance through
 * Redis pub/sub after commit; each reloads the bell for the administrators connected to it.
 */
export class AdminAlertsChannel extends LiveNudges {
  constructor(redis: Redis, keyPrefix: string, log: Logger) {
    super(redis, `${keyPrefix}:analytics:admin-alerts`, log);
  }

  changed(): Promise<void> {
    return this.publish(BELL);
  }

  bell(load: () => Promise<AdminAlertsView>): AsyncIterableIterator<AdminAlertsView> {
    return this.stream(BELL, load, { distinct: true });
  }
}
