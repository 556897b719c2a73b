/** A row as raw SQL returns it (every module's store reads through the EntityManager; rows of an UPDATE … RETURNING: the kit's queryRows). */
export type { Row } from '@lbf/service-kit';

/** A timestamp column as the API's ISO-8601 string; null stays null. */
export const iso = (v: unknown): string | null => (v ? new Date(v as string | Date).toISOString() : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else is looked up as nothing (never sent to a uuid column). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
