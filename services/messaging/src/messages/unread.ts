import { LiveNudges, type Logger, type Redis } from '@lbf/service-kit';

/**
 * "This user's unread count may have changed" across every messaging instance (the message is the
 * user id, or everyone after a group message). The badge's stream reloads the count and pushes it
 * only when it differs from the last one sent.
 */
export class UnreadCounts extends LiveNudges {
  constructor(redis: Redis, prefix: string, log: Logger) {
    super(redis, `${prefix}:messaging:unread-changed`, log);
  }

  changed(userId: string): Promise<void> {
    return this.publish(userId);
  }

  changedForEveryone(): Promise<void> {
    return this.publishToEveryone();
  }

  /** One user's badge: the count now, then each new count. */
  counts(userId: string, load: () => Promise<number>): AsyncIterableIterator<number> {
    return this.stream(userId, load, { distinct: true });
  }
}
