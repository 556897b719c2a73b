import { defineModule } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { COUNTERS_CONSUMER, startCountersConsumer } from './consumers';

/**
 * The users room: identity's registrations as analytics knows them (the registrations read
 * model, the registered-users total of the live counters, the days' sign-ups). No field of its own.
 */
export function usersModule(deps: AnalyticsDeps) {
  return defineModule({
    name: 'users',
    consumers: [{ name: COUNTERS_CONSUMER, start: () => startCountersConsumer(deps) }],
  });
}
