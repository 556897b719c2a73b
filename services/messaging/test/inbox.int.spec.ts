import { randomUUID } from 'node:crypto';
import { subscribe, until, wsClient, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/** Each customer's inbox: their own and group messages only, their own read state, the live badge. */
describe('customer inbox', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let awa: TestUser;
  let paul: TestUser;

  /** Registered through identity's event (registered now). */
  const addUser = async (user: TestUser, first: string, email: string) => {
    await registerUser(ctx, user, { email, firstName: first, lastName: 'Test' });
  };
  const send = async (input: Record<string, unknown>) => {
    const res = await ctx.as(admin).gql(`mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { message { id } error { message } } }`, { input });
    expect(res.data!.adminSendMessage.error).toBeNull();
    return res.data!.adminSendMessage.message.id as string;
  };
  const INBOX = `{ myMessages { total unread page pageSize items { id subject content isGroup sentAt readAt senderName } } myUnreadMessageCount }`;
  const inbox = async (user: TestUser) => {
    const res = await ctx.as(user).gql(INBOX, {});
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const READ = `mutation($id: ID!) { markMessageRead(id: $id) { message { id readAt isGroup content } error { code message } } }`;

  beforeAll(async () => {
    admin = ctx.newUser({ admin: true });
    awa = ctx.newUser();
    paul = ctx.newUser();
    await addUser(admin, 'Marie', 'marie@lbf.test');
    await addUser(awa, 'Awa', 'awa@example.com');
  });

  it('shows own and group messages newest first, group messages only from registration on, each read state per user', async () => {
    const early = await send({ toAll: true, subject: 'Avant Paul', content: 'Un message envoyé avant son inscription.' });
    await new Promise((r) => setTimeout(r, 20));
    await addUser(paul, 'Paul', 'paul@example.com');
    await new Promise((r) => setTimeout(r, 20));
    const forAwa = await send({ toAll: false, recipientId: awa.userId, subject: 'Pour Awa', content: 'Secret: votre code est 1234.' });
    const group = await send({ toAll: true, subject: 'Pour tous', content: 'Nouvelles vidéos.' });

    const a = await inbox(awa);
    expect(a.myMessages).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 20 });
    expect(a.myMessages.items.map((m: { id: string }) => m.id)).toEqual([group, forAwa, early]);
    expect(a.myMessages.items[1]).toMatchObject({ subject: 'Pour Awa', isGroup: false, readAt: null, senderName: 'Marie Test' });
    expect(a.myUnreadMessageCount).toBe(3);

    const p = await inbox(paul);
    expect(p.myMessages.items.map((m: { id: string }) => m.id)).toEqual([group]);
    expect(p.myUnreadMessageCount).toBe(1);

    // Awa reads the group message: read for her, still unread for Paul.
    const read = (await ctx.as(awa).gql(READ, { id: group })).data!.markMessageRead;
    expect(read).toMatchObject({ error: null, message: { id: group, isGroup: true, readAt: expect.any(String) } });
    expect((await inbox(awa)).myUnreadMessageCount).toBe(2);
    expect((await inbox(paul)).myMessages.items[0]).toMatchObject({ id: group, readAt: null });
    expect((await inbox(paul)).myUnreadMessageCount).toBe(1);
    // Reading twice changes nothing; her own message reads through read_at.
    const again = (await ctx.as(awa).gql(READ, { id: group })).data!.markMessageRead;
    expect(again.message.readAt).toBe(read.message.readAt);
    expect((await ctx.as(awa).gql(READ, { id: forAwa })).data!.markMessageRead.error).toBeNull();
    expect((await ctx.sql.query(`SELECT read_at FROM messaging.internal_messages WHERE id = $1`, [forAwa])).rows[0].read_at).not.toBeNull();
    expect((await inbox(awa)).myMessages).toMatchObject({ unread: 1 });

    // A message sent before Paul registered is not his to read.
    expect((await ctx.as(paul).gql(READ, { id: early })).data!.markMessageRead.error.code).toBe('NOT_FOUND');
  });

  it("never shows or marks another customer's message, aliases and entity references included", async () => {
    const secret = await send({ toAll: false, recipientId: awa.userId, subject: 'Privé', content: 'Seulement pour Awa: remboursement 5000 FCFA.' });
    const leak = /remboursement|Seulement pour Awa/;

    expect(JSON.stringify(await inbox(paul))).not.toMatch(leak);
    const marked = await ctx.as(paul).gql(
      `mutation($id: ID!, $bad: ID!) { a: markMessageRead(id: $id) { message { content } error { code message } } b: markMessageRead(id: $bad) { message { content } error { code } } }`,
      { id: secret, bad: 'x' },
    );
    expect(marked.data).toEqual({ a: { message: null, error: { code: 'NOT_FOUND', message: 'Message introuvable.' } }, b: { message: null, error: { code: 'NOT_FOUND' } } });
    expect((await ctx.sql.query(`SELECT read_at FROM messaging.internal_messages WHERE id = $1`, [secret])).rows[0].read_at).toBeNull();
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.internal_message_reads WHERE message_id = $1`, [secret])).rows[0].n).toBe(0);

    // The User entity (as the gateway asks for it): the user themself and administrators only.
    const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id unreadMessageCount messages { id content } } } }`;
    const reps = [{ __typename: 'User', id: awa.userId }];
    const asPaul = await ctx.as(paul).gql(ENTITIES, { reps });
    expect(asPaul.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(asPaul.data ?? null)).not.toMatch(leak);
    const aliased = await ctx.as(paul).gql(
      `query($reps: [_Any!]!) { x: _entities(representations: $reps) { ... on User { m1: messages { c: content } } } y: _entities(representations: $reps) { ... on User { n: unreadMessageCount } } }`,
      { reps },
    );
    expect(aliased.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect(JSON.stringify(aliased.data ?? null)).not.toMatch(leak);
    expect((await ctx.as(null).gql(ENTITIES, { reps })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const self = await ctx.as(awa).gql(ENTITIES, { reps });
    expect(self.errors).toBeUndefined();
    expect(self.data!._entities[0].messages.map((m: { id: string }) => m.id)).toContain(secret);
    const byAdmin = await ctx.as(admin).gql(ENTITIES, { reps });
    expect(byAdmin.data!._entities[0].unreadMessageCount).toBe((await inbox(awa)).myUnreadMessageCount);

    // Signed out: no inbox at all.
    expect((await ctx.as(null).gql(`{ myMessages { total } }`, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await ctx.as(null).gql(`{ myUnreadMessageCount }`, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await ctx.as(null).gql(READ, { id: secret })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('pushes the unread badge live: new individual and group messages, reads, across instances', async () => {
    const second = await ctx.start();
    const client = wsClient(second.wsUrl, `Bearer ${paul.token}`, ctx.headers());
    const badge = subscribe(client, `subscription { myUnreadMessageCount }`, (d) => d.myUnreadMessageCount as number);
    try {
      const start = (await inbox(paul)).myUnreadMessageCount as number;
      await until(() => badge.values.length === 1, 5000, 'first value');
      expect(badge.values).toEqual([start]);

      const mine = await send({ toAll: false, recipientId: paul.userId, subject: 'Pour Paul', content: 'Bonjour Paul.' });
      await until(() => badge.values.length === 2, 5000, 'after an individual message');
      expect(badge.values[1]).toBe(start + 1);

      // Someone else's message changes nothing for Paul (and pushes nothing).
      await send({ toAll: false, recipientId: awa.userId, subject: 'Pour Awa', content: 'Bonjour Awa.' });
      const all = await send({ toAll: true, subject: 'Pour tous', content: 'Bonjour à tous.' });
      await until(() => badge.values.length === 3, 5000, 'after a group message');
      expect(badge.values[2]).toBe(start + 2);

      await ctx.as(paul).gql(READ, { id: all });
      await until(() => badge.values.length === 4, 5000, 'after reading');
      await ctx.as(admin).gql(`mutation($id: ID!) { adminMarkMessageRead(id: $id) { error { code } } }`, { id: mine });
      await until(() => badge.values.length === 5, 5000, 'after the administrator marked it read');
      expect(badge.values).toEqual([start, start + 1, start + 2, start + 1, start]);
      expect(badge.errors).toEqual([]);
    } finally {
      await badge.stop();
    }

    const visitor = subscribe(wsClient(ctx.app.wsUrl, undefined, ctx.headers()), `subscription { myUnreadMessageCount }`, (d) => d);
    await until(() => visitor.errors.length > 0 || visitor.completed, 5000, 'visitor refused');
    expect(JSON.stringify(visitor.errors)).toMatch(/UNAUTHENTICATED|Connexion requise/);
    expect(visitor.values).toEqual([]);
    await visitor.stop();
  });

  it('ignores ids that are not messages', async () => {
    const res = (await ctx.as(awa).gql(READ, { id: randomUUID() })).data!.markMessageRead;
    expect(res).toEqual({ message: null, error: { code: 'NOT_FOUND', message: 'Message introuvable.' } });
  });
});
