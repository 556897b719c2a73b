import { defineModule, type Tx } from '@lbf/service-kit';
import type { EventData, EventSubject } from '@lbf/proto-events';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { applyUserBanned, applyUserRegistered, applyUserUnbanned } from './store';

/** Durable names, stored in NATS: never rename. */
export const USERS_CONSUMERS = {
  'identity.user.registered': 'messaging-users-registered',
  'identity.user.banned': 'messaging-users-banned',
  'identity.user.unbanned': 'messaging-users-unbanned',
} as const satisfies Partial<Record<EventSubject, string>>;

/** What else happens in the transaction that records a registration (the mail module's welcome mail). */
export type OnRegistered = (tx: Tx, data: EventData<'identity.user.registered'>) => Promise<void>;

/**
 * The users read model (name, address, ban state) from identity's events: who can receive an
 * internal message, whose name signs a reply or a campaign, whose first name greets a receipt.
 */
export function usersModule(deps: MessagingDeps, hooks: { onRegistered: OnRegistered }) {
  return defineModule<MessagingJobs>({
    name: 'users',
    consumers: idempotentConsumers(deps, USERS_CONSUMERS, {
      'identity.user.registered': async ({ data }, tx) => {
        await applyUserRegistered(tx.manager, data);
        await hooks.onRegistered(tx, data);
      },
      'identity.user.banned': async ({ data }, tx) => {
        // Registration and ban run on separate durables: a ban that arrives first waits for it (redelivered).
        if (!(await applyUserBanned(tx.manager, data))) throw new Error(`identity.user.banned for ${data.userId}, not registered here yet`);
      },
      'identity.user.unbanned': async ({ data }, tx) => {
        // Likewise waits for the registration; a ban redelivered after it (older) does not undo it.
        if (!(await applyUserUnbanned(tx.manager, data))) throw new Error(`identity.user.unbanned for ${data.userId}, not registered here yet`);
      },
    }),
  });
}
