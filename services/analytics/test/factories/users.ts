import type { EventData } from '@lbf/proto-events';
import { randomUUID } from 'node:crypto';

/** An identity.user.registered payload: a new account by the sign-up form now, unless told otherwise. */
export function registration(over: Partial<EventData<'identity.user.registered'>> = {}): EventData<'identity.user.registered'> {
  return {
    userId: randomUUID(),
    email: `awa.${randomUUID().slice(0, 8)}@example.cm`,
    firstName: 'Awa',
    lastName: 'Mbarga',
    phone: null,
    registeredAt: new Date().toISOString(),
    origin: 'sign-up',
    ...over,
  };
}
