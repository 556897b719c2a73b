import type { Client } from 'pg';

/** Where a piece of personal data was found: schema, table, column, and which of the strings searched for. */
export interface Sighting {
  table: string;
  column: string;
  found: string;
}

/**
 * Every place in these schemas where one of `needles` still appears (case ignored): each table's
 * columns of a textual type (text, varchar, char, citext, json, jsonb, arrays of them) are searched
 * as text, one statement per table. The check of account deletion (issue 23): after it, a deleted
 * person's e-mail, names and phone are found nowhere.
 */
export async function findPersonalData(sql: Client, schemas: readonly string[], needles: readonly string[]): Promise<Sighting[]> {
  const wanted = [...new Set(needles.map((n) => n.toLowerCase()))];
  const { rows: columns } = await sql.query<{ schema: string; table: string; column: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
       FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = ANY($1::text[]) AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY') OR c.udt_name = 'citext')
      ORDER BY 1, 2, 3`,
    [schemas],
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(`"${c.schema}"."${c.table}"`, [...(byTable.get(`"${c.schema}"."${c.table}"`) ?? []), c.column]);
  const sightings: Sighting[] = [];
  for (const [table, cols] of byTable) {
    const checks = cols.map((col) => `SELECT '${col}' AS column, n AS found FROM ${table}, unnest($1::text[]) AS n WHERE position(n IN lower("${col}"::text)) > 0`);
    const { rows } = await sql.query<{ column: string; found: string }>(`SELECT DISTINCT * FROM (${checks.join(' UNION ALL ')}) s`, [wanted]);
    sightings.push(...rows.map((r) => ({ table: table.replaceAll('"', ''), column: r.column, found: r.found })));
  }
  return sightings;
}
