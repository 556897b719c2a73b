import type { Tx } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { User } from '../entities';

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
  const user = manager.create(User, { id: randomUUID(), ...fields, createdAt: new Date() });
  await manager.insert(User, user);
  await emit('identity.user.registered', {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    registeredAt: user.createdAt.toISOString(),
    origin,
  });
  return user;
}
