/**
 * The first administrator comes from this command, never from the web:
 *   node dist/cli/create-admin.js --email a@b.c --password ... --first-name ... --last-name ...
 *     [--phone +2376...] [--customer] [--reset-password]
 * Creates the account when missing (its identity.user.registered event goes through the outbox)
 * and, unless --customer, grants the admin role; the administrators' journal records a granted role
 * and a changed password (identity.admin.action_recorded, from the command line). A --customer account (the demo customer) is
 * recorded as having accepted the terms and the privacy notice in force, source 'account': the
 * operator who makes an account for someone answers for that acceptance; never the health-data
 * consent, which only the person gives (« Mes données », the payment dialog). Administrators get no
 * consent row: they are staff, not customers under the terms. Idempotent: an existing account keeps its
 * password unless --reset-password. Reads DATABASE_URL (identity's role) and runs the migrations.
 */
import { connectEventBus, createLogger, OutboxRelay, recordAdminAction, UnitOfWork, withMigratedDataSource } from '@lbf/service-kit';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { emailSchema, grantAdmin, hasAdminRole, hashPassword, lockEmail, parseInternationalPhone, passwordSchema, registerUser, setPasswordHash, userByEmail } from '../accounts';
import { giveConsents } from '../consents';
import { createDataSource, SCHEMA } from '../database';
import { revokeUserSessions } from '../sessions';
import { journalTarget } from '../shared/user';

export interface CreateAdminOptions {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** International format, e.g. +237690000000. */
  phone?: string | null;
  /** Create a customer (no admin role), e.g. the demo customer. */
  customer?: boolean;
  /** Change the password of an existing account (and end its sessions). */
  resetPassword?: boolean;
}

export interface CreateAdminResult {
  userId: string;
  email: string;
  created: boolean;
  /** Whether this run granted the role (false when they had it already, or for --customer). */
  roleGranted: boolean;
  isAdmin: boolean;
  passwordChanged: boolean;
}

const optionsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1, '--first-name is required').max(100),
  lastName: z.string().trim().min(1, '--last-name is required').max(100),
  phone: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      const e164 = parseInternationalPhone(v);
      if (!e164) ctx.addIssue({ code: 'custom', message: '--phone must be an international number such as +237690000000' });
      return e164;
    }),
  customer: z.boolean().optional().default(false),
  resetPassword: z.boolean().optional().default(false),
});

/** The command's work, in one transaction. Exported for tests and for scripts. */
export async function createAdmin(uow: UnitOfWork, options: CreateAdminOptions): Promise<CreateAdminResult> {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; '));
  const o = parsed.data;
  const passwordHash = await hashPassword(o.password);
  // The journal's "from where" of a command: which one, on which machine.
  const command = { command: `admin:create (${hostname()})` };
  return uow.run(async (tx) => {
    const { manager } = tx;
    await lockEmail(manager, o.email);
    const existing = await userByEmail(manager, o.email);
    let passwordChanged = false;
    const user =
      existing ?? (await registerUser(tx, { email: o.email, firstName: o.firstName, lastName: o.lastName, phone: o.phone, passwordHash }, 'admin-command'));
    if (existing && o.resetPassword) {
      await setPasswordHash(manager, existing.id, passwordHash);
      await revokeUserSessions(manager, existing.id, 'password-reset-by-command');
      passwordChanged = true;
      await recordAdminAction(tx, command, 'user.password_set_by_command', journalTarget(existing), { sessionsEnded: true });
    }
    if (o.customer) await giveConsents(tx, user.id, ['terms', 'privacy'], 'account', new Date());
    const roleGranted = o.customer ? false : await grantAdmin(manager, user.id);
    if (roleGranted) await recordAdminAction(tx, command, 'admin.created', journalTarget(user), { accountCreated: !existing });
    return { userId: user.id, email: user.email, created: !existing, roleGranted, isAdmin: await hasAdminRole(manager, user.id), passwordChanged };
  });
}

export function describeResult(r: CreateAdminResult): string {
  const what = r.created ? 'created' : 'exists';
  const role = r.isAdmin ? (r.roleGranted ? 'admin role granted' : 'admin') : 'customer';
  return `${r.email} (${r.userId}): ${what}, ${role}${r.passwordChanged ? ', password changed' : ''}`;
}

export function parseCommandLine(argv: string[]): CreateAdminOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      phone: { type: 'string' },
      customer: { type: 'boolean', default: false },
      'reset-password': { type: 'boolean', default: false },
    },
  });
  return {
    email: values.email ?? '',
    password: values.password ?? '',
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
    phone: values.phone ?? null,
    customer: values.customer,
    resetPassword: values['reset-password'],
  };
}

/**
 * Publishes what the command wrote to the outbox when NATS is reachable; otherwise the running
 * service's relay publishes it, so an unreachable broker is only a note.
 */
async function publishOutbox(ds: DataSource, env: NodeJS.ProcessEnv): Promise<string> {
  const log = createLogger('identity-cli', 'silent');
  try {
    const bus = await connectEventBus({
      url: env.NATS_URL ?? 'nats://127.0.0.1:4222',
      stream: env.EVENT_STREAM ?? 'LBF',
      prefix: env.EVENT_PREFIX ?? 'lbf',
      name: 'identity-create-admin',
      log,
    });
    try {
      const sent = await new OutboxRelay(ds, { publish: bus.publish, log }).drain();
      return sent ? `, ${sent} event(s) published` : '';
    } finally {
      await bus.close();
    }
  } catch {
    return ', event left in the outbox for the identity service';
  }
}

export async function runCreateAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const options = parseCommandLine(argv);
  const url = env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (the identity role URL, e.g. postgres://lbf_identity@127.0.0.1:5432/lbf)');
  return withMigratedDataSource(createDataSource(url, 2), SCHEMA, async (ds) => {
    const result = await createAdmin(new UnitOfWork(ds, 'identity'), options);
    const published = result.created || result.roleGranted || result.passwordChanged ? await publishOutbox(ds, env) : '';
    return describeResult(result) + published;
  });
}

if (require.main === module) {
  runCreateAdmin(process.argv.slice(2)).then(
    (line) => {
      process.stdout.write(`${line}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`create-admin: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
