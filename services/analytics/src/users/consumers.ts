import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { siteDay } from '../domain/site-day';
import { incrementRegisteredUsers } from '../store/counters';
import { bumpDaily } from '../store/rollups';

/** The durable of identity.user.registered since before issue 10: its name is kept so it keeps its position. */
export const COUNTERS_CONSUMER = 'analytics-counters';

/**
 * Each registration once: its raw row (keyed by user id, so even the same registration published
 * twice under two event ids counts once), the registered-users total, the day's sign-ups and the
 * live update commit in one transaction with the inbox row, so a redelivered event changes nothing
 * and no update is published for it. A sign-up is an account created, whatever its origin (the
 * form or the administrators' command, the demo accounts included): the same definition as
 * identity's « nouveaux sur 30 jours » and the registered-users total, so no two figures of the
 * back-office count accounts two ways.
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
    handle: async (envelope, { manager, emit }) => {
      const d = envelope.data;
      const day = siteDay(new Date(d.registeredAt), args.siteTimezone);
      const inserted = (await manager.query(
        `INSERT INTO registrations (user_id, origin, registered_at, day) VALUES ($1, $2, $3, $4::date)
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [d.userId, d.origin, d.registeredAt, day],
      )) as unknown[];
      if (!inserted.length) return;
      const counters = await incrementRegisteredUsers(manager, siteDay(new Date(), args.siteTimezone));
      await bumpDaily(manager, day, { sign_ups: 1 });
      await emit('analytics.counters.updated', counters);
    },
  });
}
