import type { Tx } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { User } from '../shared/user';
import { insertUser } from './store';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  passwordHash: string;
}

/** How the account came to exist (identity.user.registered v2): the sign-up form or the administrators' command. */
export type RegistrationOrigin = 'sign-up' | 'admin-command';

/**
 * Inserts a user and records identity.user.registered in the same transaction: the one way an
 * account comes to exist, whether through the sign-up form or the admin command.
 */
export async function registerUser({ manager, emit }: Tx, fields: NewUser, origin: RegistrationOrigin): Promise<User> {
  const user = { id: randomUUID(), ...fields, createdAt: new Date() };
  await insertUser(manager, user);
  await emit('identity.user.registered', {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    registeredAt: user.createdAt.toISOString(),
    origin,
  });
  const { passwordHash: _hash, ...registered } = user;
  return registered;
}
