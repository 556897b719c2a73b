import { withHarness } from '@lbf/service-kit/testing';
import type { EventCollector } from '@lbf/service-kit/testing';
import { BAN_USER, identityHarness } from './harness';

const ENTITIES = `query Entities($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id email phone fullName isAdmin isBanned } } }`;

describe('banning users', () => {
  const h = withHarness(() => identityHarness());
  let events: EventCollector;

  beforeAll(async () => {
    events = await h.events(['identity.user.banned']);
  });

  it('is refused to a customer (FORBIDDEN) and to a visitor (UNAUTHENTICATED)', async () => {
    const customer = await h.account();
    const target = await h.account();
    const asCustomer = await customer.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'x' } });
    expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asVisitor = await h.browser().gql(BAN_USER, { input: { userId: target.id, reason: 'x' } });
    expect(asVisitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM identity.user_bans WHERE user_id = $1', [target.id]);
    expect(rows[0].n).toBe(0);
  });

  it('lets an administrator ban a user once, records who and why, and publishes identity.user.banned', async () => {
    const admin = await h.account({ admin: true });
    const target = await h.account();
    const res = await admin.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'Spam répété' } });
    expect(res.data!.banUser).toEqual({ user: { id: target.id, isBanned: true }, error: null });
    const again = await admin.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'encore' } });
    expect(again.data!.banUser).toEqual({ user: { id: target.id, isBanned: true }, error: null });

    const { rows } = await h.sql.query('SELECT banned_by, reason FROM identity.user_bans WHERE user_id = $1', [target.id]);
    expect(rows).toEqual([{ banned_by: admin.id, reason: 'Spam répété' }]);
    const event = await h.sql.query("SELECT count(*)::int AS n FROM identity.outbox WHERE subject = 'identity.user.banned' AND envelope->'data'->>'userId' = $1", [
      target.id,
    ]);
    expect(event.rows[0].n).toBe(1);
    const received = await new Promise<unknown>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error('identity.user.banned not received')), 5000);
      const poll = setInterval(() => {
        const e = events.received.find((x) => x.data.userId === target.id);
        if (e) {
          clearTimeout(deadline);
          clearInterval(poll);
          resolve(e);
        }
      }, 20);
    });
    expect(received).toMatchObject({ data: { userId: target.id, bannedBy: admin.id, reason: 'Spam répété' } });
  });

  it('does not let an administrator ban themself', async () => {
    const admin = await h.account({ admin: true });
    const res = await admin.browser.gql(BAN_USER, { input: { userId: admin.id, reason: 'oops' } });
    expect(res.data!.banUser).toEqual({
      user: null,
      error: { code: 'VALIDATION', message: 'Vous ne pouvez pas vous bannir vous-même.', field: 'userId' },
    });
  });

  it('answers an unknown user with an error, not a crash', async () => {
    const admin = await h.account({ admin: true });
    const res = await admin.browser.gql(BAN_USER, { input: { userId: '3f1e1c4a-1111-4222-8333-944455556666', reason: 'x' } });
    expect(res.data!.banUser.error).toMatchObject({ code: 'VALIDATION', message: 'Utilisateur introuvable.' });
  });

  it('resolves users for the gateway, showing e-mail and phone only to the user and to administrators', async () => {
    const admin = await h.account({ admin: true });
    const a = await h.account();
    const b = await h.account();
    const reps = [a, b].map((u) => ({ __typename: 'User', id: u.id }));

    const asAdmin = (await admin.browser.gql(ENTITIES, { reps })).data!._entities;
    expect(asAdmin).toEqual([
      { id: a.id, email: a.email, phone: '+237690000000', fullName: 'Awa Ndiaye', isAdmin: false, isBanned: false },
      { id: b.id, email: b.email, phone: '+237690000000', fullName: 'Awa Ndiaye', isAdmin: false, isBanned: false },
    ]);
    const asA = (await a.browser.gql(ENTITIES, { reps })).data!._entities;
    expect(asA[0]).toMatchObject({ id: a.id, email: a.email, phone: '+237690000000' });
    expect(asA[1]).toMatchObject({ id: b.id, email: null, phone: null });
    const asVisitor = (await h.browser().gql(ENTITIES, { reps })).data!._entities;
    expect(asVisitor.map((u: { email: string | null }) => u.email)).toEqual([null, null]);
    const unknown = (await h.browser().gql(ENTITIES, { reps: [{ __typename: 'User', id: 'not-a-uuid' }] })).data!._entities;
    expect(unknown).toEqual([null]);
  });
});
