import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { normaliseEmail } from '../domain/email';

/** A user as messaging knows them (identity's events). */
export interface KnownUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  banned: boolean;
}

/** identity.user.registered: the user's name and address (a redelivery or an update overwrites them, never the ban). */
export async function applyUserRegistered(manager: EntityManager, d: EventData<'identity.user.registered'>): Promise<void> {
  await manager.query(
    `INSERT INTO users (user_id, email, first_name, last_name, registered_at, updated_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, updated_at = now()`,
    [d.userId, normaliseEmail(d.email), d.firstName, d.lastName, d.registeredAt],
  );
}

/** identity.user.banned. False when the user is not known yet (its registration not applied yet). */
export async function applyUserBanned(manager: EntityManager, d: EventData<'identity.user.banned'>): Promise<boolean> {
  const rows = (await manager.query(`UPDATE users SET banned = true, updated_at = now() WHERE user_id = $1 RETURNING user_id`, [d.userId])) as unknown;
  const list = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as unknown[]) : (rows as unknown[]);
  return list.length > 0;
}

export async function findUser(manager: EntityManager, userId: string): Promise<KnownUser | null> {
  const rows = (await manager.query(`SELECT user_id, email, first_name, last_name, banned FROM users WHERE user_id = $1`, [userId])) as Array<{
    user_id: string;
    email: string;
    first_name: string;
    last_name: string;
    banned: boolean;
  }>;
  const r = rows[0];
  return r ? { userId: r.user_id, email: r.email, firstName: r.first_name, lastName: r.last_name, banned: r.banned } : null;
}
