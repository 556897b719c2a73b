import { CONSENT_VERSIONS, RETENTION } from '@lbf/proto-events';
import { createLogger, OutboxRelay, UnitOfWork, connectEventBus } from '@lbf/service-kit';
import { collectEvents, TEST_NATS_URL, until, type TestEnvironment } from '@lbf/service-kit/testing';
import type { DataSource } from 'typeorm';
import { verifyPassword } from '../src/accounts';
import { cleanupExpired } from '../src/cleanup/store';
import { createAdmin, parseCommandLine, runCreateAdmin } from '../src/cli/create-admin';
import { createDataSource } from '../src/database';
import { commandEnvironment } from './harness';

describe('first administrator by command', () => {
  let env: TestEnvironment;
  let ds: DataSource;
  let uow: UnitOfWork;

  beforeAll(async () => {
    env = await commandEnvironment();
    ds = createDataSource(env.db.urlFor('identity'), 4);
    await ds.initialize();
    uow = new UnitOfWork(ds, 'identity');
  });
  afterAll(async () => {
    await ds?.destroy();
    await env?.cleanup();
  });

  /** The journal entries identity's outbox holds about a user, oldest first. */
  const journal = async (userId: string) =>
    (await ds.query("SELECT envelope FROM outbox WHERE subject = 'identity.admin.action_recorded' AND envelope->'data'->'target'->>'id' = $1 ORDER BY seq", [userId])).map(
      (r: { envelope: { data: unknown } }) => r.envelope.data,
    );

  const base = { email: 'Chef@LBF.example', password: 'admin-secret', firstName: 'Chef', lastName: 'Admin', phone: '+237 690 00 00 00' };

  it('creates the administrator once and is idempotent afterwards', async () => {
    const first = await createAdmin(uow, base);
    expect(first).toMatchObject({ email: 'chef@lbf.example', created: true, roleGranted: true, isAdmin: true, passwordChanged: false });

    const second = await createAdmin(uow, { ...base, password: 'another-password', firstName: 'Autre' });
    expect(second).toEqual({ ...first, created: false, roleGranted: false });

    const users = await ds.query('SELECT id, first_name, phone, password_hash FROM users WHERE email = $1', ['chef@lbf.example']);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: first.userId, first_name: 'Chef', phone: '+237690000000' });
    // The password is not changed without --reset-password.
    expect(await verifyPassword(users[0].password_hash, 'admin-secret')).toBe(true);
    expect(await ds.query('SELECT role FROM admin_roles WHERE user_id = $1', [first.userId])).toEqual([{ role: 'admin' }]);
    const events = await ds.query("SELECT envelope FROM outbox WHERE subject = 'identity.user.registered'");
    expect(events).toHaveLength(1);
    expect(events[0].envelope).toMatchObject({ version: 2, data: { userId: first.userId, email: 'chef@lbf.example', phone: '+237690000000', origin: 'admin-command' } });
    // The administrators' journal: one entry, the role granted from the command line, by nobody, from no IP.
    expect(await journal(first.userId)).toEqual([
      {
        action: 'admin.created',
        actor: { userId: null, name: null, email: null },
        origin: 'command-line',
        ip: null,
        userAgent: expect.stringMatching(/^admin:create \(.+\)$/),
        target: { type: 'user', id: first.userId, label: 'Chef Admin <chef@lbf.example>' },
        details: { accountCreated: true },
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('records a customer’s acceptance of the terms and the privacy notice (source account, once), never health data; an administrator none', async () => {
    const customer = await createAdmin(uow, { ...base, email: 'demo.client@lbf.example', customer: true });
    await createAdmin(uow, { ...base, email: 'demo.client@lbf.example', customer: true });
    const consents = await ds.query('SELECT kind, version, source FROM user_consents WHERE user_id = $1 ORDER BY kind', [customer.userId]);
    expect(consents).toEqual([
      { kind: 'privacy', version: CONSENT_VERSIONS.privacy, source: 'account' },
      { kind: 'terms', version: CONSENT_VERSIONS.terms, source: 'account' },
    ]);
    const admin = await createAdmin(uow, { ...base, email: 'autre.chef@lbf.example' });
    expect(await ds.query('SELECT 1 FROM user_consents WHERE user_id = $1', [admin.userId])).toEqual([]);
  });

  it('grants the role to an existing customer, and changes a password only with --reset-password', async () => {
    const customer = await createAdmin(uow, { ...base, email: 'client@lbf.example', customer: true });
    expect(customer).toMatchObject({ created: true, isAdmin: false, roleGranted: false });
    await ds.query('INSERT INTO sessions (user_id) VALUES ($1)', [customer.userId]);

    const promoted = await createAdmin(uow, { ...base, email: 'client@lbf.example', password: 'new-secret', resetPassword: true });
    expect(promoted).toMatchObject({ created: false, roleGranted: true, isAdmin: true, passwordChanged: true });
    const [user] = await ds.query('SELECT password_hash FROM users WHERE id = $1', [customer.userId]);
    expect(await verifyPassword(user.password_hash, 'new-secret')).toBe(true);
    const live = await ds.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [customer.userId]);
    expect(live).toHaveLength(0);
    // The customer made by the command is no journal entry; the password set and the role granted are, with no secret.
    const entries = await journal(customer.userId);
    expect(entries.map((e: { action: string; details: unknown }) => [e.action, e.details])).toEqual([
      ['user.password_set_by_command', { sessionsEnded: true }],
      ['admin.created', { accountCreated: false }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('new-secret');
  });

  it('refuses bad input with a readable reason', async () => {
    await expect(createAdmin(uow, { ...base, email: 'not-an-email' })).rejects.toThrow(/email/);
    await expect(createAdmin(uow, { ...base, email: 'x@lbf.example', password: '123' })).rejects.toThrow(/6 caractères/);
    await expect(createAdmin(uow, { ...base, email: 'y@lbf.example', phone: '690000000' })).rejects.toThrow(/international/);
  });

  it('reads its command line', () => {
    expect(
      parseCommandLine(['--email', 'a@b.fr', '--password', 'p4ssword', '--first-name', 'A', '--last-name', 'B', '--phone', '+33612345678', '--customer']),
    ).toEqual({ email: 'a@b.fr', password: 'p4ssword', firstName: 'A', lastName: 'B', phone: '+33612345678', customer: true, resetPassword: false });
  });

  it('runs as a command: migrates, creates, publishes the event when NATS is reachable, prints one line', async () => {
    // The stream exists when the service has run at least once; the command only publishes to it.
    const bus = await connectEventBus({ url: TEST_NATS_URL, ...env.stream, name: 'test', log: createLogger('t', 'silent') });
    await new OutboxRelay(ds, { publish: bus.publish, log: createLogger('t', 'silent') }).drain();
    await bus.close();
    const events = await collectEvents(env.stream, ['identity.user.registered']);
    try {
      const vars = { DATABASE_URL: env.db.urlFor('identity'), NATS_URL: TEST_NATS_URL, EVENT_STREAM: env.stream.stream, EVENT_PREFIX: env.stream.prefix };
      const line = await runCreateAdmin(['--email', 'cmd@lbf.example', '--password', 'cmd-secret', '--first-name', 'Cmd', '--last-name', 'Line'], vars);
      expect(line).toMatch(/^cmd@lbf\.example \([0-9a-f-]{36}\): created, admin role granted, 2 event\(s\) published$/);
      await until(() => events.received.find((e) => e.data.email === 'cmd@lbf.example'), 5000, 'the command’s registered event');
      const again = await runCreateAdmin(['--email', 'cmd@lbf.example', '--password', 'cmd-secret', '--first-name', 'Cmd', '--last-name', 'Line'], vars);
      expect(again).toMatch(/: exists, admin$/);
    } finally {
      await events.stop();
    }
  });

  it('asks for DATABASE_URL when it is missing', async () => {
    await expect(runCreateAdmin(['--email', 'a@b.fr'], {})).rejects.toThrow('DATABASE_URL is required');
  });

  it('the hourly clean-up deletes spent and expired rows and the sign-in history past the privacy page’s duration, and keeps used refresh tokens of live sessions', async () => {
    const [{ id: userId }] = await ds.query("SELECT id FROM users WHERE email = 'chef@lbf.example'");
    await ds.query(
      `INSERT INTO captchas (answer, expires_at, used_at) VALUES ('AAAAA', now() - interval '1 minute', NULL), ('BBBBB', now() + interval '5 minutes', now()), ('CCCCC', now() + interval '5 minutes', NULL)`,
    );
    const [{ id: live }] = await ds.query('INSERT INTO sessions (user_id) VALUES ($1) RETURNING id', [userId]);
    const [{ id: dead }] = await ds.query("INSERT INTO sessions (user_id, revoked_at) VALUES ($1, now() - interval '40 days') RETURNING id", [userId]);
    // Signed out within the privacy page's duration: its IP and browser are still kept.
    const [{ id: endedLately }] = await ds.query('INSERT INTO sessions (user_id, revoked_at) VALUES ($1, now() - make_interval(days => $2)) RETURNING id', [
      userId,
      RETENTION.endedSessionDays - 1,
    ]);
    // Expired: opened 40 days ago and its last refresh token (h5) is past its expiry.
    const [{ id: expired }] = await ds.query("INSERT INTO sessions (user_id, created_at) VALUES ($1, now() - interval '40 days') RETURNING id", [userId]);
    await ds.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, expires_at, used_at) VALUES
        ('h1', $1, now() + interval '1 day', now()), ('h2', $1, now() + interval '1 day', NULL), ('h3', $1, now() - interval '1 second', NULL),
        ('h4', $2, now() + interval '1 day', now()), ('h5', $3, now() - interval '1 day', NULL)`,
      [live, dead, expired],
    );
    await ds.query(
      `INSERT INTO password_resets (token_hash, user_id, expires_at, used_at) VALUES
        ('r1', $1, now() + interval '1 hour', NULL), ('r2', $1, now() - interval '1 second', NULL), ('r3', $1, now() + interval '1 hour', now())`,
      [userId],
    );

    const counts = await cleanupExpired(ds, RETENTION.endedSessionDays);
    expect(counts).toMatchObject({ captchas: 2, passwordResets: 2, sessions: 2 });
    const remaining = (await ds.query('SELECT id FROM sessions')).map((r: { id: string }) => r.id);
    expect(remaining).toContain(live);
    expect(remaining).toContain(endedLately);
    expect(remaining).not.toContain(dead);
    expect(remaining).not.toContain(expired);
    expect((await ds.query('SELECT answer FROM captchas')).map((r: { answer: string }) => r.answer)).toEqual(['CCCCC']);
    expect((await ds.query('SELECT token_hash FROM refresh_tokens ORDER BY token_hash')).map((r: { token_hash: string }) => r.token_hash)).toEqual([
      'h1',
      'h2',
    ]);
    expect((await ds.query('SELECT token_hash FROM password_resets')).map((r: { token_hash: string }) => r.token_hash)).toEqual(['r1']);
  });
});
