import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { siteDay } from '../domain/site-day';
import { incrementRegisteredUsers } from '../store/counters';

export const COUNTERS_CONSUMER = 'analytics-counters';

/**
 * Counts each registered user once: the inbox row, the new total and the live update commit in
 * one transaction, so a redelivered event changes nothing and no update is published for it.
 */
export function startCountersConsumer(args: {
  bus: EventBus;
  uow: UnitOfWork;
  log: Logger;
  siteTimezone: string;
  maxDeliver?: number;
}): Promise<RunningConsumer> {
  return startIdempotentConsumer({
    bus: args.bus,
    uow: args.uow,
    log: args.log,
    durable: COUNTERS_CONSUMER,
    subjects: ['identity.user.registered'],
    maxDeliver: args.maxDeliver,
    handle: async (_envelope, { manager, emit }) => {
      const counters = await incrementRegisteredUsers(manager, siteDay(new Date(), args.siteTimezone));
      await emit('analytics.counters.updated', counters);
    },
  });
}
