import { randomUUID } from 'node:crypto';
import { gql, until, type EventCollector, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/**
 * The back-office bell's contact alerts: a message new in the inbox (unread, not archived) raises
 * `messaging.admin_alert.raised`, and stops being new with one `messaging.admin_alert.cleared`.
 * "Exactly once" is read from the service's outbox (written in the mutation's own transaction, so
 * final when the mutation answers); the collectors show the events also reach the stream.
 */
describe('contact alerts (the bell)', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let raised: EventCollector;
  let cleared: EventCollector;

  const MARK = `mutation($id: ID!, $read: Boolean!) { adminMarkContactMessage(id: $id, read: $read) { contactMessage { id readAt } error { code } } }`;
  const ARCHIVE = `mutation($id: ID!, $archived: Boolean!) { adminArchiveContactMessage(id: $id, archived: $archived) { contactMessage { id archivedAt } error { code } } }`;
  const REPLY = `mutation($id: ID!, $body: String!) { adminReplyContactMessage(id: $id, body: $body) { contactMessage { id readAt } error { code } } }`;

  /** The alert events of one message, in outbox order: ['raised', 'cleared', …]. */
  const outboxed = async (messageId: string) =>
    (
      await ctx.sql.query(
        `SELECT subject, envelope->'data' AS data FROM messaging.outbox WHERE subject LIKE 'messaging.admin_alert.%' AND envelope->'data'->>'alertId' = $1 ORDER BY seq`,
        [`contact:${messageId}`],
      )
    ).rows as Array<{ subject: string; data: Record<string, unknown> }>;
  const kinds = async (messageId: string) => (await outboxed(messageId)).map((r) => r.subject.replace('messaging.admin_alert.', ''));
  const published = (c: EventCollector, messageId: string) => c.received.filter((e) => (e.data as { alertId: string }).alertId === `contact:${messageId}`);
  const waitPublished = (c: EventCollector, messageId: string, n: number) =>
    until(() => (published(c, messageId).length >= n ? true : null), 10_000, `${n} event(s) for ${messageId}`);

  const mutate = async (query: string, variables: Record<string, unknown>) => {
    const res = await ctx.as(admin).gql(query, variables);
    expect(res.errors).toBeUndefined();
    const payload = Object.values(res.data!)[0] as { error: unknown };
    expect(payload.error).toBeNull();
    return payload;
  };

  /** A message as it lands from the form: the ticket, the minimum fill time, the submission. */
  const submit = async (name: string, email: string) => {
    const headers = { ...ctx.headers(null), 'x-forwarded-for': `10.7.0.${Math.floor(Math.random() * 250) + 1}` };
    const open = await gql(ctx.app.url, `mutation { openContactForm { token minSeconds } }`, {}, headers);
    const { token, minSeconds } = open.data!.openContactForm as { token: string; minSeconds: number };
    await new Promise((r) => setTimeout(r, minSeconds * 1000 + 200));
    const sent = await gql(
      ctx.app.url,
      `mutation($input: ContactInput!) { sendContactMessage(input: $input) { sent error { code message } } }`,
      { input: { name, email, subject: 'SUPPORT', message: 'Bonjour, ma vidéo ne se lance pas.', acceptTerms: true, ticket: token } },
      headers,
    );
    expect(sent.data!.sendContactMessage).toEqual({ sent: true, error: null });
    return (await ctx.sql.query(`SELECT id FROM messaging.contact_messages WHERE email = $1`, [email])).rows[0].id as string;
  };
  /** A message put straight in the table (no event: it is only for the later transitions). */
  const insert = async (state: { read?: boolean; archived?: boolean } = {}) => {
    const id = randomUUID();
    await ctx.sql.query(
      `INSERT INTO messaging.contact_messages (id, name, email, subject, message, ip, received_at, read_at, archived_at)
       VALUES ($1, 'Paul Biya', 'paul@example.com', 'other', 'Un message de test.', '10.0.0.1', now(), $2, $3)`,
      [id, state.read ? new Date() : null, state.archived ? new Date() : null],
    );
    return id;
  };

  beforeAll(async () => {
    admin = ctx.newUser({ admin: true });
    await registerUser(ctx, admin, { email: 'chef@lbf.test', firstName: 'Marie', lastName: 'Kamga', origin: 'admin-command' });
    raised = await ctx.events(['messaging.admin_alert.raised']);
    cleared = await ctx.events(['messaging.admin_alert.cleared']);
  });

  it('a contact form submission raises one alert, published, naming the sender and leading to the message', async () => {
    const id = await submit('  Awa Ndiaye ', 'awa.alert@example.com');
    const rows = await outboxed(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('messaging.admin_alert.raised');
    const received = (await ctx.sql.query(`SELECT received_at FROM messaging.contact_messages WHERE id = $1`, [id])).rows[0].received_at as Date;
    expect(rows[0]!.data).toEqual({
      alertId: `contact:${id}`,
      kind: 'contact',
      title: 'Nouveau message de Awa Ndiaye',
      href: `/admin/contact?message=${id}`,
      occurredAt: received.toISOString(),
    });
    await waitPublished(raised, id, 1);
    expect(published(raised, id)[0]!.data).toEqual(rows[0]!.data);
    expect(published(cleared, id)).toEqual([]);
  });

  it('reading it clears the alert once; a second reading emits nothing; unread again raises it again', async () => {
    const id = await submit('Chantal Mballa', 'chantal.alert@example.com');
    expect(await kinds(id)).toEqual(['raised']);

    await mutate(MARK, { id, read: true });
    expect(await kinds(id)).toEqual(['raised', 'cleared']);
    const [, clear] = await outboxed(id);
    expect(clear!.data).toEqual({ alertId: `contact:${id}`, kind: 'contact', occurredAt: expect.any(String) });
    await waitPublished(cleared, id, 1);

    await mutate(MARK, { id, read: true });
    expect(await kinds(id)).toEqual(['raised', 'cleared']);

    await mutate(MARK, { id, read: false });
    await mutate(MARK, { id, read: false });
    expect(await kinds(id)).toEqual(['raised', 'cleared', 'raised']);
    await waitPublished(raised, id, 2);
    // Nothing more reaches the stream than the outbox holds.
    await new Promise((r) => setTimeout(r, 500));
    expect(published(raised, id)).toHaveLength(2);
    expect(published(cleared, id)).toHaveLength(1);
  });

  it('archiving clears it once; unarchiving an unread message raises it again, a read one does not', async () => {
    const id = await insert();
    await mutate(ARCHIVE, { id, archived: true });
    await mutate(ARCHIVE, { id, archived: true });
    expect(await kinds(id)).toEqual(['cleared']);
    await mutate(ARCHIVE, { id, archived: false });
    expect(await kinds(id)).toEqual(['cleared', 'raised']);
    const [, raise] = await outboxed(id);
    expect(raise!.data).toMatchObject({ title: 'Nouveau message de Paul Biya', href: `/admin/contact?message=${id}` });

    // Read, then archived, then unarchived: it was never new again, so nothing.
    const read = await insert({ read: true });
    await mutate(ARCHIVE, { id: read, archived: true });
    await mutate(ARCHIVE, { id: read, archived: false });
    // Marked unread while archived: still not new (not in the inbox).
    const archived = await insert({ archived: true });
    await mutate(MARK, { id: archived, read: false });
    await mutate(MARK, { id: archived, read: true });
    expect(await kinds(read)).toEqual([]);
    expect(await kinds(archived)).toEqual([]);
  });

  it('replying clears it (the reply marks it read); a second reply emits nothing', async () => {
    const id = await submit('Jean Fotso', 'jean.alert@example.com');
    await mutate(REPLY, { id, body: 'Bonjour Jean, nous regardons cela.' });
    expect(await kinds(id)).toEqual(['raised', 'cleared']);
    await mutate(REPLY, { id, body: 'Voilà qui est réglé.' });
    expect(await kinds(id)).toEqual(['raised', 'cleared']);
    await waitPublished(cleared, id, 1);
  });

  it('a refused change (unknown message, not an administrator) emits nothing', async () => {
    const id = await insert();
    const customer = ctx.newUser();
    const refused = await ctx.as(customer).gql(MARK, { id, read: true });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const missing = (await ctx.as(admin).gql(MARK, { id: randomUUID(), read: true })).data!.adminMarkContactMessage;
    expect(missing.error).toEqual({ code: 'NOT_FOUND' });
    expect(await kinds(id)).toEqual([]);
  });
});
