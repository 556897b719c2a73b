/**
 * TypeORM entities of the messaging schema: none. Every part works in SQL (claims with
 * UPDATE … RETURNING, keyset pages, INSERT … SELECT fan-out), which entities would only wrap.
 */
export const ENTITIES: never[] = [];
