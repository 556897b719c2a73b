import { withHarness } from '@lbf/service-kit/testing';
import { AccessTokenVerifier, revocationKeys } from '@lbf/service-kit';
import type { EventCollector } from '@lbf/service-kit/testing';
import { BAN_USER, identityHarness, type Loose, ME, SIGN_IN } from './harness';

const UNBAN = `mutation Unban($input: UnbanUserInput!) { unbanUser(input: $input) { user { id isBanned ban { reason } } error { code message field } } }`;

describe('unbanning users', () => {
  const h = withHarness(() => identityHarness());
  let events: EventCollector;
  let verifier: AccessTokenVerifier;

  beforeAll(async () => {
    events = await h.events(['identity.user.unbanned']);
    verifier = new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix);
  });

  const unbannedEvents = async (userId: string) =>
    (
      await h.sql.query("SELECT count(*)::int AS n FROM identity.outbox WHERE subject = 'identity.user.unbanned' AND envelope->'data'->>'userId' = $1", [userId])
    ).rows[0].n as number;

  it('lifts a ban: the user signs in again, their new token passes every service’s check, their old one stays dead', async () => {
    const admin = await h.account({ admin: true });
    const target = await h.account();
    const oldToken = target.browser.token!;
    expect(await verifier.verify(oldToken)).not.toBeNull();

    const banned = await admin.browser.gql<Loose>(BAN_USER, { input: { userId: target.id, reason: 'Spam répété' } });
    expect(banned.data.banUser.error).toBeNull();
    expect(await verifier.verify(oldToken)).toBeNull();
    const refused = await h.browser().gql<Loose>(SIGN_IN, { input: { email: target.email, password: target.password } });
    expect(refused.data.signIn.error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'Votre compte est désactivé' });

    // The revocation compares whole seconds: make the ban's second end only after the unban has
    // begun (as a ban in the same second would), so a token signed at once would still be refused.
    const key = revocationKeys(h.env.redisKeyPrefix).user(target.id);
    const revokedAt = Math.floor(Date.now() / 1000) + 1;
    await h.redis.set(key, String(revokedAt), 'EX', 900);
    const res = await admin.browser.gql<Loose>(UNBAN, { input: { userId: target.id, reason: '  Erreur de modération  ' } });
    expect(res.data.unbanUser).toEqual({ user: { id: target.id, isBanned: false, ban: null }, error: null });

    const again = h.browser();
    const signedIn = await again.gql<Loose>(SIGN_IN, { input: { email: target.email, password: target.password } });
    expect(signedIn.data.signIn.error).toBeNull();
    const newToken: string = signedIn.data.signIn.accessToken;
    expect(await verifier.verify(newToken)).toMatchObject({ userId: target.id });
    // The revocation itself stays (it still kills what was issued up to the ban).
    expect(await h.redis.get(key)).toBe(String(revokedAt));
    again.token = newToken;
    expect((await again.gql<Loose>(ME)).data.me).toMatchObject({ id: target.id, isBanned: false });
    // A token issued before the ban is not revived by the unban.
    expect(await verifier.verify(oldToken)).toBeNull();

    const { rows } = await h.sql.query(
      'SELECT is_active, banned_by, reason, lifted_by, lift_reason, lifted_at IS NOT NULL AS lifted FROM identity.user_bans WHERE user_id = $1',
      [target.id],
    );
    expect(rows).toEqual([{ is_active: false, banned_by: admin.id, reason: 'Spam répété', lifted_by: admin.id, lift_reason: 'Erreur de modération', lifted: true }]);
  });

  it('publishes identity.user.unbanned once; unbanning someone not banned succeeds and changes nothing', async () => {
    const admin = await h.account({ admin: true });
    const target = await h.account();
    await admin.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'Fraude' } });
    const first = await admin.browser.gql<Loose>(UNBAN, { input: { userId: target.id, reason: 'Vérifié' } });
    expect(first.data.unbanUser.error).toBeNull();
    const second = await admin.browser.gql<Loose>(UNBAN, { input: { userId: target.id, reason: 'Encore' } });
    expect(second.data.unbanUser).toEqual({ user: { id: target.id, isBanned: false, ban: null }, error: null });
    expect(await unbannedEvents(target.id)).toBe(1);

    const received = async () => events.received.filter((e) => e.data.userId === target.id);
    const deadline = Date.now() + 5000;
    while (!(await received()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    const seen = await received();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ subject: 'identity.user.unbanned', data: { userId: target.id, unbannedBy: admin.id, reason: 'Vérifié' } });
    const { rows } = await h.sql.query('SELECT lift_reason FROM identity.user_bans WHERE user_id = $1', [target.id]);
    expect(rows).toEqual([{ lift_reason: 'Vérifié' }]);
  });

  it('keeps every ban as history: a user can be banned again after an unban', async () => {
    const admin = await h.account({ admin: true });
    const target = await h.account();
    await admin.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'Un' } });
    await admin.browser.gql(UNBAN, { input: { userId: target.id, reason: 'Levée' } });
    const rebanned = await admin.browser.gql<Loose>(BAN_USER, { input: { userId: target.id, reason: 'Deux' } });
    expect(rebanned.data.banUser).toEqual({ user: { id: target.id, isBanned: true }, error: null });
    const { rows } = await h.sql.query('SELECT reason, is_active FROM identity.user_bans WHERE user_id = $1 ORDER BY created_at', [target.id]);
    expect(rows).toEqual([
      { reason: 'Un', is_active: false },
      { reason: 'Deux', is_active: true },
    ]);
  });

  it('requires a reason, at most 2000 characters, and a known user (French messages)', async () => {
    const admin = await h.account({ admin: true });
    const target = await h.account();
    await admin.browser.gql(BAN_USER, { input: { userId: target.id, reason: 'x' } });
    const blank = await admin.browser.gql<Loose>(UNBAN, { input: { userId: target.id, reason: '   ' } });
    expect(blank.data.unbanUser).toEqual({
      user: null,
      error: { code: 'VALIDATION', message: 'Veuillez indiquer le motif de la levée du bannissement.', field: 'reason' },
    });
    const long = await admin.browser.gql<Loose>(UNBAN, { input: { userId: target.id, reason: 'a'.repeat(2001) } });
    expect(long.data.unbanUser.error).toEqual({ code: 'VALIDATION', message: 'Le motif ne doit pas dépasser 2000 caractères.', field: 'reason' });
    const unknown = await admin.browser.gql<Loose>(UNBAN, { input: { userId: '3f1e1c4a-1111-4222-8333-944455556666', reason: 'x' } });
    expect(unknown.data.unbanUser.error).toMatchObject({ code: 'VALIDATION', message: 'Utilisateur introuvable.', field: 'userId' });
    const { rows } = await h.sql.query('SELECT is_active FROM identity.user_bans WHERE user_id = $1', [target.id]);
    expect(rows).toEqual([{ is_active: true }]);
    expect(await unbannedEvents(target.id)).toBe(0);
  });
});
