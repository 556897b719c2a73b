import { startIdempotentConsumer, type RunningConsumer } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { siteDay } from '../shared/site-day';
import { addSignUp, incrementRegisteredUsers, recordRegistration } from './store';

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
export function startCountersConsumer(deps: AnalyticsDeps): Promise<RunningConsumer> {
  const { siteTimezone, eventMaxDeliver } = deps.settings;
  return startIdempotentConsumer({
    bus: deps.bus,
    uow: deps.uow,
    log: deps.log,
    durable: COUNTERS_CONSUMER,
    subjects: ['identity.user.registered'],
    maxDeliver: eventMaxDeliver,
    handle: async (envelope, { manager, emit }) => {
      const d = envelope.data;
      const day = siteDay(new Date(d.registeredAt), siteTimezone);
      if (!(await recordRegistration(manager, { userId: d.userId, origin: d.origin, registeredAt: d.registeredAt, day }))) return;
      const counters = await incrementRegisteredUsers(manager, siteDay(new Date(), siteTimezone));
      await addSignUp(manager, day);
      await emit('analytics.counters.updated', counters);
    },
  });
}
