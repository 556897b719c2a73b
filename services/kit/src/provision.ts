import { Client } from 'pg';
import { SERVICE_REGISTRY } from './registry';

/** One schema (and role) per registered service; see services/kit/services.json. */
export const SERVICE_SCHEMAS: readonly string[] = SERVICE_REGISTRY.map((s) => s.schema);

export function serviceRole(service: string): string {
  return `lbf_${service}`;
}

/** The admin URL with the user swapped for the service's own role (and its password, if one is set). */
export function serviceDatabaseUrl(adminUrl: string, service: string, database?: string, password?: string): string {
  const u = new URL(adminUrl);
  u.username = serviceRole(service);
  u.password = password ?? '';
  if (database) u.pathname = `/${database}`;
  return u.toString();
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Refusing unsafe identifier ${name}`);
  return `"${name}"`;
}

/**
 * Creates the database, one login role per service and one schema per service owned by that role.
 * The roles get nothing on other schemas, so a service cannot read another's tables. Idempotent.
 */
export async function provisionDatabase(adminUrl: string, database: string, services: readonly string[] = SERVICE_SCHEMAS): Promise<void> {
  const server = new URL(adminUrl);
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
    for (const s of services) {
      const role = serviceRole(s);
      // Roles are cluster-wide; creating them may race with another process doing the same.
      await admin.query(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${quoteIdent(role)} LOGIN; END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`);
    }
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const db = new Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    await db.query(`REVOKE ALL ON SCHEMA public FROM PUBLIC`);
    for (const s of services) {
      await db.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(s)} AUTHORIZATION ${quoteIdent(serviceRole(s))}`);
      await db.query(`REVOKE ALL ON SCHEMA ${quoteIdent(s)} FROM PUBLIC`);
    }
  } finally {
    await db.end();
  }
}
