import { ADMIN_ACTION_SUBJECTS, type AdminActionSubject } from '@lbf/proto-events';
import { idempotentConsumers, type EventHandler, type ModuleConsumer } from '@lbf/service-kit';
import type { AnalyticsDeps } from '../shared/deps';
import { insertEntry } from './store';

/** One durable per service's subject (NATS 2.9: one filter subject per consumer). Stored by NATS: never rename. */
export const JOURNAL_CONSUMERS = {
  'identity.admin.action_recorded': 'analytics-journal-identity',
  'catalogue.admin.action_recorded': 'analytics-journal-catalogue',
  'commerce.admin.action_recorded': 'analytics-journal-commerce',
  'messaging.admin.action_recorded': 'analytics-journal-messaging',
} as const satisfies Record<AdminActionSubject, string>;

/**
 * Each administrator's action once: its row is keyed by the event's id and written in the
 * transaction of the inbox row, so a redelivered, replayed or re-published event adds nothing.
 * The service is the subject's first word (each service may publish only its own).
 */
export function journalConsumers(deps: AnalyticsDeps): ModuleConsumer[] {
  const handle: EventHandler<AdminActionSubject> = async (e, { manager }) => void (await insertEntry(manager, e.id, e.subject.split('.')[0]!, e.data));
  const handlers = Object.fromEntries(ADMIN_ACTION_SUBJECTS.map((s) => [s, handle])) as { [S in AdminActionSubject]: EventHandler<S> };
  return idempotentConsumers({ ...deps, maxDeliver: deps.settings.eventMaxDeliver }, JOURNAL_CONSUMERS, handlers);
}
