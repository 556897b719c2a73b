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

/**
 * Inserts a user and records identity.user.registered in the same transaction: the one way an
 * account comes to exist, whether through the sign-up form or the admin command.
 */
export async function registerUser({ manager, emit }: Tx, fields: NewUser): Promise<User> {
  const user = manager.create(User, { id: randomUUID(), ...fields, createdAt: new Date() });
  await manager.insert(User, user);
  await emit('identity.user.registered', {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    registeredAt: user.createdAt.toISOString(),
  });
  return user;
}
