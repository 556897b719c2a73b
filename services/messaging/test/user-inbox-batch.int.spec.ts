import { randomUUID } from 'node:crypto';
import { type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/**
 * `User.unreadMessageCount` and `User.messages` as the gateway asks for them: one `_entities` call
 * with many users (the admin users table). Each field costs ONE SQL statement for the whole batch.
 *
 * How statements are counted: TypeORM's PostgresQueryRunner hands every statement it sends to the
 * DataSource's logger (`logQuery`) just before sending it; the test wraps that method of the running
 * service's DataSource and records the SQL text sent during the request. Background work of the
 * service (outbox relay, mail sweeper…) shares the DataSource, so only statements reading
 * `internal_messages` (the inbox) are counted; nothing in the background reads that table.
 */
describe('User inbox fields, batched per _entities request', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let awa: TestUser;
  let paul: TestUser;
  let chantal: TestUser;
  let statements: string[] | null = null;

  const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id unreadMessageCount } } }`;
  const reps = (...ids: string[]) => ids.map((id) => ({ __typename: 'User', id }));
  const SEND = `mutation($input: SendInternalMessageInput!) { adminSendMessage(input: $input) { message { id } error { code message } } }`;

  const send = async (input: Record<string, unknown>) => {
    const res = await ctx.as(admin).gql(SEND, { input: { toAll: false, recipientId: null, subject: 'Bonjour', content: 'Un message.', ...input } });
    expect(res.data!.adminSendMessage.error).toBeNull();
    return res.data!.adminSendMessage.message.id as string;
  };
  const read = async (user: TestUser, id: string) => {
    const res = await ctx.as(user).gql(`mutation($id: ID!) { markMessageRead(id: $id) { message { readAt } error { code } } }`, { id });
    expect(res.data!.markMessageRead.error).toBeNull();
  };
  /** Runs one request and returns it with the inbox statements the service sent meanwhile. */
  const counted = async <T>(request: () => Promise<T>): Promise<{ result: T; inboxStatements: string[] }> => {
    statements = [];
    try {
      const result = await request();
      return { result, inboxStatements: statements.filter((sql) => /\binternal_messages\b/.test(sql)) };
    } finally {
      statements = null;
    }
  };

  beforeAll(async () => {
    const logger = ctx.app.ds.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, runner) => {
      statements?.push(query);
      return logQuery(query, parameters, runner);
    };
    admin = ctx.newUser({ admin: true });
    awa = ctx.newUser();
    paul = ctx.newUser();
    chantal = ctx.newUser();
    await registerUser(ctx, admin, { origin: 'admin-command' });
    await registerUser(ctx, awa, { firstName: 'Awa' });
    await registerUser(ctx, paul, { firstName: 'Paul' });
    await registerUser(ctx, chantal, { firstName: 'Chantal' });
    // Awa: three of her own (one read) and the group one -> 3. Paul: one and the group one -> 2.
    // Chantal: the group one, read -> 0. The administrator: the group one -> 1.
    const [first] = [await send({ recipientId: awa.userId }), await send({ recipientId: awa.userId }), await send({ recipientId: awa.userId })];
    await read(awa, first!);
    await send({ recipientId: paul.userId });
    const group = await send({ toAll: true });
    await read(chantal, group);
  });

  it("answers a batch of users' unread counts with one SQL statement, each user's own count", async () => {
    const stranger = randomUUID(); // unknown to messaging: no message, not even the group one
    const ids = [awa.userId, paul.userId, chantal.userId, admin.userId, stranger];
    const { result, inboxStatements } = await counted(() => ctx.as(admin).gql(ENTITIES, { reps: reps(...ids) }));
    expect(result.errors).toBeUndefined();
    expect(result.data!._entities).toEqual([
      { id: awa.userId, unreadMessageCount: 3 },
      { id: paul.userId, unreadMessageCount: 2 },
      { id: chantal.userId, unreadMessageCount: 0 },
      { id: admin.userId, unreadMessageCount: 1 },
      { id: stranger, unreadMessageCount: 0 },
    ]);
    expect(inboxStatements).toHaveLength(1);
    // The same counts as each user's own badge query.
    for (const [user, n] of [[awa, 3], [paul, 2], [chantal, 0]] as const) {
      expect((await ctx.as(user).gql(`{ myUnreadMessageCount }`, {})).data!.myUnreadMessageCount).toBe(n);
    }
  });

  it('one statement per field for the messages too, however many users', async () => {
    const Q = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id unreadMessageCount messages { id readAt isGroup } } } }`;
    const { result, inboxStatements } = await counted(() => ctx.as(admin).gql(Q, { reps: reps(awa.userId, paul.userId, chantal.userId, awa.userId) }));
    expect(result.errors).toBeUndefined();
    const [a, p, c, again] = result.data!._entities as Array<{ id: string; unreadMessageCount: number; messages: Array<{ readAt: string | null; isGroup: boolean }> }>;
    expect(a!.messages).toHaveLength(4);
    expect(a!.messages.filter((m) => !m.readAt)).toHaveLength(3);
    expect(a!.messages[0]!.isGroup).toBe(true); // newest first: the group message came last
    expect(p!.messages).toHaveLength(2);
    expect(c!.messages).toEqual([{ id: expect.any(String), readAt: expect.any(String), isGroup: true }]);
    expect(again).toEqual(a);
    expect(inboxStatements).toHaveLength(2);
  });

  it("a customer reads their own count, is refused another user's, and a visitor is refused all", async () => {
    const own = await ctx.as(awa).gql(ENTITIES, { reps: reps(awa.userId, paul.userId) });
    expect(own.data!._entities[0]).toEqual({ id: awa.userId, unreadMessageCount: 3 });
    expect(own.data!._entities[1]).toEqual({ id: paul.userId, unreadMessageCount: null });
    expect(own.errors).toHaveLength(1);
    expect(own.errors![0]).toMatchObject({ path: ['_entities', 1, 'unreadMessageCount'], extensions: { code: 'FORBIDDEN' } });

    const messages = await ctx.as(awa).gql(`query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { messages { id } } } }`, { reps: reps(paul.userId) });
    expect(messages.data!._entities[0]).toEqual({ messages: null });
    expect(messages.errors![0]!.extensions!.code).toBe('FORBIDDEN');

    const visitor = await ctx.as(null).gql(ENTITIES, { reps: reps(awa.userId) });
    expect(visitor.data!._entities[0]).toEqual({ id: awa.userId, unreadMessageCount: null });
    expect(visitor.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});
