import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * The erasure room's one door, across the raw read models the users and statistics rooms write:
 * a deleted account's rows get a pseudonym in place of their user id.
 */

/** The raw read models that name a user, and the column that does. */
const BY_USER = [
  ['registrations', 'user_id'],
  ['purchases', 'buyer_id'],
  ['video_views', 'user_id'],
  ['pdf_downloads', 'user_id'],
] as const;

/**
 * Each raw row tied to the user keeps its facts (a day, an item, an amount) under a random id of its
 * own table's (one per table, the same on every row of that table, so that the distinct counts the
 * rollups take, buyers above all, come out the same when the nightly job rebuilds them): the
 * statistics stay exactly what they were, and nothing ties the rows to the person, nor the tables to
 * one another.
 */
export async function pseudonymiseUserRows(manager: EntityManager, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of BY_USER) {
    const [, n] = (await manager.query(`UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1`, [userId, randomUUID()])) as [unknown, number];
    counts[table] = n;
  }
  return counts;
}
