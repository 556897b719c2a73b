import { LiveNudges, type Logger, type Redis } from '@lbf/service-kit';

/**
 * "This campaign's counters moved" across every messaging instance (the message is the campaign
 * id): whichever instance's worker sent the mail, the one holding the administrator's WebSocket
 * pushes the campaign again.
 */
export class CampaignProgressChannel extends LiveNudges {
  constructor(redis: Redis, prefix: string, log: Logger) {
    super(redis, `${prefix}:messaging:campaign-progress`, log);
  }

  /** The campaign now, then each time it changed, ending after it is SENT (`final`) or gone. */
  progress<T>(campaignId: string, load: () => Promise<T | null>, final: (value: T) => boolean): AsyncIterableIterator<T> {
    return this.stream(campaignId, load, { distinct: true, final, endOnNull: true });
  }
}
