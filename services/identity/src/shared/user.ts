import { select, type Queryable } from './sql';

/**
 * An account as identity's modules read it (the `users` row; the password hash only where a module
 * asks for it). Every module's store selects USER_COLUMNS and maps the row with toUser, so a user
 * reads the same wherever it comes from. The e-mail is stored lowercased (its unique index is then
 * case-insensitive); the phone is E.164, absent only for accounts made by the command without one.
 */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  createdAt: Date;
}

/** A user as the administrators' journal names a target: « Prénom Nom <e-mail> ». */
export function journalTarget(user: User): { id: string; label: string } {
  return { id: user.id, label: `${user.firstName} ${user.lastName} <${user.email}>` };
}

/** A user with the argon2id hash of their password (PHC string: parameters travel with the hash). */
export interface UserWithPassword extends User {
  passwordHash: string;
}

/** A user's active ban as the administrators see it (User.ban); bannedBy is resolved through the user loader. */
export interface ActiveBan {
  reason: string;
  bannedAt: Date;
  bannedBy: string | null;
}

/** The columns toUser reads, for `SELECT ${USER_COLUMNS} FROM users u`. */
export const USER_COLUMNS = 'u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: Date;
}

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, phone: row.phone, createdAt: row.created_at };
}

/** A user known to exist (a session's, a ban's): the one read by id that sessions and bans share. */
export async function userById(db: Queryable, userId: string): Promise<User> {
  const [row] = await select<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  if (!row) throw new Error(`user ${userId} not found`);
  return toUser(row);
}
