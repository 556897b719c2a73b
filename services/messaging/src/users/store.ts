import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { normaliseEmail } from '../shared/email';
import { displayName, TEAM_NAME } from './rules';

/**
 * The users read model's one door (raw SQL through the EntityManager): who messaging knows, from
 * identity's events, never from identity's tables.
 */

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

/**
 * Sets the user's ban state as of `at`, unless a later change was applied already (ban and unban
 * come on separate durables; a late redelivery never undoes a newer change). False when the user is
 * not known yet (its registration not applied yet): the caller waits for it (redelivered).
 */
async function applyBanState(manager: EntityManager, userId: string, banned: boolean, at: string): Promise<boolean> {
  const rows = (await manager.query(
    `UPDATE users SET banned = CASE WHEN ban_changed_at IS NULL OR ban_changed_at <= $3 THEN $2 ELSE banned END,
                      ban_changed_at = GREATEST(ban_changed_at, $3), updated_at = now()
      WHERE user_id = $1 RETURNING user_id`,
    [userId, banned, at],
  )) as unknown;
  const list = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as unknown[]) : (rows as unknown[]);
  return list.length > 0;
}

/** identity.user.banned: no internal message, not a recipient. False when the user is not known yet. */
export async function applyUserBanned(manager: EntityManager, d: EventData<'identity.user.banned'>): Promise<boolean> {
  return applyBanState(manager, d.userId, true, d.bannedAt);
}

/** identity.user.unbanned: a message recipient again. False when the user is not known yet. */
export async function applyUserUnbanned(manager: EntityManager, d: EventData<'identity.user.unbanned'>): Promise<boolean> {
  return applyBanState(manager, d.userId, false, d.unbannedAt);
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

/** The administrator's name as messaging knows it (identity's events), else the team's. */
export async function adminName(manager: EntityManager, userId: string): Promise<string> {
  const user = await findUser(manager, userId);
  return user ? displayName(user.firstName, user.lastName, TEAM_NAME) : TEAM_NAME;
}
