import { randomUUID } from 'node:crypto';
import { until, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/** Internal messages, the administrators' side: recipients, compose (individual and group), history, stats, mark read. */
describe('internal messages (administrators)', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let awa: TestUser;
  let paul: TestUser;
  let banned: TestUser;

  /** messaging's read model of users, filled by identity's events (registered, then banned). */
  const addUser = async (user: TestUser, first: string, last: string, email: string, opts: { banned?: boolean } = {}) => {
    await registerUser(ctx, user, { email, firstName: first, lastName: last });
    if (opts.banned) {
      await ctx.publish('identity.user.banned', { userId: user.userId, bannedBy: randomUUID(), reason: 'spam', bannedAt: new Date().toISOString() });
      await until(async () => ((await ctx.sql.query(`SELECT banned FROM messaging.users WHERE user_id = $1`, [user.userId])).rows[0]?.banned ? true : null), 10_000, 'banned');
    }
  };
  const SEND = `mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) {
    message { id subject content isGroup recipient { id name email } sentAt readAt readCount recipientCount senderName } error { code message field } } }`;
  const sendAs = async (user: TestUser, input: Record<string, unknown>) => {
    const res = await ctx.as(user).gql(SEND, { input });
    expect(res.errors).toBeUndefined();
    return res.data!.adminSendMessage;
  };
  const stats = async () => (await ctx.as(admin).gql(`{ adminInternalMessageStats { total read readRatePercent users } }`, {})).data!.adminInternalMessageStats;

  beforeAll(async () => {
    admin = ctx.newUser({ admin: true });
    awa = ctx.newUser();
    paul = ctx.newUser();
    banned = ctx.newUser();
    await addUser(admin, 'Marie', 'Kamga', 'marie@lbf.test');
    await addUser(awa, 'Awa', 'Ngo', 'awa@example.com');
    await addUser(paul, 'Paul', 'Étoundi', 'paul_e@example.com');
    await addUser(banned, 'Bernard', 'Banni', 'bernard@example.com', { banned: true });
  });

  it('lists recipients by name, searchable in name and e-mail, without banned users', async () => {
    const Q = `query($search: String, $first: Int) { messageRecipients(search: $search, first: $first) { id name email } }`;
    const all = (await ctx.as(admin).gql(Q, {})).data!.messageRecipients;
    expect(all).toEqual([
      { id: awa.userId, name: 'Awa Ngo', email: 'awa@example.com' },
      { id: admin.userId, name: 'Marie Kamga', email: 'marie@lbf.test' },
      { id: paul.userId, name: 'Paul Étoundi', email: 'paul_e@example.com' },
    ]);
    expect((await ctx.as(admin).gql(Q, { search: 'awa ngo' })).data!.messageRecipients.map((r: { id: string }) => r.id)).toEqual([awa.userId]);
    expect((await ctx.as(admin).gql(Q, { search: 'PAUL_E@' })).data!.messageRecipients.map((r: { id: string }) => r.id)).toEqual([paul.userId]);
    expect((await ctx.as(admin).gql(Q, { search: '_' })).data!.messageRecipients.map((r: { id: string }) => r.id)).toEqual([paul.userId]);
    expect((await ctx.as(admin).gql(Q, { search: 'bernard' })).data!.messageRecipients).toEqual([]);
    expect((await ctx.as(admin).gql(Q, { first: 1 })).data!.messageRecipients).toHaveLength(1);
  });

  it("refuses with the spec's messages", async () => {
    expect(await sendAs(admin, { toAll: false, recipientId: awa.userId, subject: ' ', content: 'Bonjour' })).toEqual({
      message: null,
      error: { code: 'VALIDATION', field: 'subject', message: 'Veuillez remplir le sujet et le contenu.' },
    });
    expect((await sendAs(admin, { toAll: true, subject: 'Sujet', content: '' })).error.message).toBe('Veuillez remplir le sujet et le contenu.');
    expect(await sendAs(admin, { toAll: false, subject: 'Sujet', content: 'Bonjour' })).toEqual({
      message: null,
      error: { code: 'VALIDATION', field: 'recipientId', message: 'Veuillez sélectionner un destinataire.' },
    });
    for (const recipientId of [banned.userId, randomUUID()]) {
      const res = await sendAs(admin, { toAll: false, recipientId, subject: 'Sujet', content: 'Bonjour' });
      expect(res.error).toMatchObject({ code: 'VALIDATION', field: 'recipientId' });
    }
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.internal_messages`)).rows[0].n).toBe(0);
    expect(await stats()).toEqual({ total: 0, read: 0, readRatePercent: 0, users: 3 });
  });

  it('sends individual and group messages, lists them newest first and counts reads', async () => {
    const one = await sendAs(admin, { toAll: false, recipientId: awa.userId, subject: 'Votre commande', content: 'Votre accès est activé.' });
    expect(one.error).toBeNull();
    expect(one.message).toMatchObject({
      isGroup: false,
      recipient: { id: awa.userId, name: 'Awa Ngo', email: 'awa@example.com' },
      readAt: null,
      readCount: 0,
      recipientCount: 1,
      senderName: 'Marie Kamga',
    });
    const all = await sendAs(admin, { toAll: true, recipientId: awa.userId, subject: 'Nouveautés', content: 'Trois nouvelles vidéos cette semaine.' });
    expect(all.message).toMatchObject({ isGroup: true, recipient: null, readCount: 0, recipientCount: 3, senderName: 'Marie Kamga' });
    // An administrator messaging does not know signs as the team.
    const other = await sendAs(ctx.newUser({ admin: true }), { toAll: false, recipientId: paul.userId, subject: 'Bonjour', content: 'Bienvenue.' });
    expect(other.message.senderName).toBe("L'équipe LBF");

    const history = (await ctx.as(admin).gql(`{ adminInternalMessages { total page pageSize items { id isGroup readCount } } }`, {})).data!.adminInternalMessages;
    expect(history).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(history.items.map((m: { id: string }) => m.id)).toEqual([other.message.id, all.message.id, one.message.id]);
    expect(await stats()).toEqual({ total: 3, read: 0, readRatePercent: 0, users: 3 });

    // Two customers read the group message: each has their own read state, the message counts once.
    const READ = `mutation($id: ID!) { markMessageRead(id: $id) { message { id readAt } error { code } } }`;
    expect((await ctx.as(awa).gql(READ, { id: all.message.id })).data!.markMessageRead.error).toBeNull();
    expect((await ctx.as(paul).gql(READ, { id: all.message.id })).data!.markMessageRead.error).toBeNull();
    const group = (await ctx.as(admin).gql(`{ adminInternalMessages { items { id readCount readAt } } }`, {})).data!.adminInternalMessages.items.find(
      (m: { id: string }) => m.id === all.message.id,
    );
    expect(group).toEqual({ id: all.message.id, readCount: 2, readAt: null });
    expect(await stats()).toEqual({ total: 3, read: 1, readRatePercent: 33, users: 3 });

    // The spec's mark as read: only an unread individual message.
    const MARK = `mutation($id: ID!) { adminMarkMessageRead(id: $id) { message { id readAt readCount } error { code message } } }`;
    const marked = (await ctx.as(admin).gql(MARK, { id: one.message.id })).data!.adminMarkMessageRead;
    expect(marked.error).toBeNull();
    expect(marked.message).toMatchObject({ readCount: 1, readAt: expect.any(String) });
    expect((await ctx.as(admin).gql(MARK, { id: one.message.id })).data!.adminMarkMessageRead.error).toEqual({ code: 'ALREADY_READ', message: 'Ce message est déjà marqué comme lu.' });
    expect((await ctx.as(admin).gql(MARK, { id: all.message.id })).data!.adminMarkMessageRead.error.code).toBe('NOT_MARKABLE');
    expect((await ctx.as(admin).gql(MARK, { id: randomUUID() })).data!.adminMarkMessageRead.error).toEqual({ code: 'NOT_FOUND', message: 'Message introuvable.' });
    expect(await stats()).toEqual({ total: 3, read: 2, readRatePercent: 67, users: 3 });
  });

  it('refuses the administrators fields to visitors (UNAUTHENTICATED) and customers (FORBIDDEN)', async () => {
    const before = (await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.internal_messages`)).rows[0].n;
    const operations: Array<[string, Record<string, unknown>]> = [
      [`{ messageRecipients { id email } }`, {}],
      [`{ adminInternalMessages { items { content } } }`, {}],
      [`{ adminInternalMessageStats { total } }`, {}],
      [`mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { message { id } } }`, { input: { toAll: true, subject: 'S', content: 'C' } }],
      [`mutation($id: ID!) { adminMarkMessageRead(id: $id) { message { id } } }`, { id: randomUUID() }],
    ];
    for (const [query, vars] of operations) {
      expect((await ctx.as(null).gql(query, vars)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const res = await ctx.as(awa).gql(query, vars);
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(res.data ?? null)).not.toMatch(/example\.com|Votre accès/);
    }
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.internal_messages`)).rows[0].n).toBe(before);
  });
});
