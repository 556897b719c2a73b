import { withHarness } from '@lbf/service-kit/testing';
import { AccessTokenVerifier } from '@lbf/service-kit';
import jwt from 'jsonwebtoken';
import { BAN_USER, identityHarness, ME, REFRESH, SIGN_IN, SIGN_OUT } from './harness';

describe('sessions', () => {
  const h = withHarness(() => identityHarness());
  let verifier: AccessTokenVerifier;

  beforeAll(async () => {
    verifier = new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix);
  });

  it('me is the signed-in user, and null for a visitor', async () => {
    const user = await h.account();
    expect((await user.browser.gql(ME)).data!.me).toMatchObject({ id: user.id, email: user.email, isAdmin: false, isBanned: false });
    expect((await h.browser().gql(ME)).data!.me).toBeNull();
  });

  it('refreshSession rotates the refresh token within the same session', async () => {
    const user = await h.account();
    const first = user.browser.cookies.get('lbf_refresh')!;
    const sid = (jwt.decode(user.browser.token!) as { sid: string }).sid;

    const res = await user.browser.gql(REFRESH);
    const result = res.data!.refreshSession;
    expect(result.error).toBeNull();
    expect(result.user).toMatchObject({ id: user.id, email: user.email });
    const second = user.browser.cookies.get('lbf_refresh')!;
    expect(second).not.toBe(first);
    expect(jwt.decode(result.accessToken)).toMatchObject({ sub: user.id, sid });
    expect(await verifier.verify(result.accessToken)).toMatchObject({ userId: user.id, sessionId: sid });

    const { rows } = await h.sql.query('SELECT used_at FROM identity.refresh_tokens WHERE session_id = $1 ORDER BY created_at', [sid]);
    expect(rows).toHaveLength(2);
    expect(rows[0].used_at).not.toBeNull();
    expect(rows[1].used_at).toBeNull();
  });

  it('refuses a refresh token used twice and revokes its whole family, access token included', async () => {
    const user = await h.account();
    const stolen = user.browser.cookies.get('lbf_refresh')!;
    // The holder exchanges the token, then uses what it got: the first answer arrived.
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    const rotated = (await user.browser.gql(REFRESH)).data!.refreshSession;
    expect(rotated.error).toBeNull();

    const thief = h.browser();
    thief.cookies.set('lbf_refresh', stolen);
    const replay = await thief.gql(REFRESH);
    expect(replay.data!.refreshSession).toMatchObject({ accessToken: null, error: { code: 'SESSION_EXPIRED' } });
    expect(thief.cookies.has('lbf_refresh')).toBe(false);

    // The legitimate holder's newer token belongs to the revoked family too.
    const legit = await user.browser.gql(REFRESH);
    expect(legit.data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await verifier.verify(rotated.accessToken)).toBeNull();
    const { rows } = await h.sql.query('SELECT revoke_reason FROM identity.sessions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ revoke_reason: 'refresh-token-reuse' }]);
  });

  it('answers anew a refresh whose answer was lost on the way, and the session goes on', async () => {
    const user = await h.account();
    const sent = user.browser.cookies.get('lbf_refresh')!;
    // The server exchanged the token, but its answer never reached the phone: it still holds `sent`.
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    user.browser.cookies.set('lbf_refresh', sent);

    const again = (await user.browser.gql(REFRESH)).data!.refreshSession;
    expect(again.error).toBeNull();
    expect(again.user).toMatchObject({ id: user.id });
    expect(user.browser.cookies.get('lbf_refresh')).not.toBe(sent);
    expect(await verifier.verify(again.accessToken)).toMatchObject({ userId: user.id });
    // And on: the token of the second answer is a live one.
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    const { rows } = await h.sql.query('SELECT revoked_at FROM identity.sessions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ revoked_at: null }]);
  });

  it('finds out a copy presented within the retry window as soon as the holder comes back', async () => {
    const user = await h.account();
    const stolen = user.browser.cookies.get('lbf_refresh')!;
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();

    // The copy comes first, before the holder used its new token: it looks like a lost answer.
    const thief = h.browser();
    thief.cookies.set('lbf_refresh', stolen);
    const taken = (await thief.gql(REFRESH)).data!.refreshSession;
    expect(taken.error).toBeNull();

    // The holder's token was set aside by that answer: presenting it is reuse, the family dies.
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await verifier.verify(taken.accessToken)).toBeNull();
    expect((await thief.gql(REFRESH)).data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
    const { rows } = await h.sql.query('SELECT revoke_reason FROM identity.sessions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ revoke_reason: 'refresh-token-reuse' }]);
  });

  it('treats a token presented again after the retry window as reuse', async () => {
    const user = await h.account();
    const sent = user.browser.cookies.get('lbf_refresh')!;
    const sid = (jwt.decode(user.browser.token!) as { sid: string }).sid;
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    await h.sql.query("UPDATE identity.refresh_tokens SET used_at = now() - interval '2 minutes' WHERE session_id = $1 AND used_at IS NOT NULL", [sid]);
    user.browser.cookies.set('lbf_refresh', sent);
    expect((await user.browser.gql(REFRESH)).data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
    const { rows } = await h.sql.query('SELECT revoke_reason FROM identity.sessions WHERE id = $1', [sid]);
    expect(rows).toEqual([{ revoke_reason: 'refresh-token-reuse' }]);
  });

  it('refreshSession without a cookie is a session expired, not a failure', async () => {
    const res = await h.browser().gql(REFRESH);
    expect(res.errors).toBeUndefined();
    expect(res.data!.refreshSession).toMatchObject({ accessToken: null, error: { code: 'SESSION_EXPIRED' } });
  });

  it('a ban kills the live access token at once, and the refresh token with it', async () => {
    const admin = await h.account({ admin: true });
    const user = await h.account();
    const token = user.browser.token!;
    expect(await verifier.verify(token)).toMatchObject({ userId: user.id });

    const res = await admin.browser.gql(BAN_USER, { input: { userId: user.id, reason: 'Contenu abusif' } });
    expect(res.data!.banUser).toEqual({ user: { id: user.id, isBanned: true }, error: null });

    expect(await verifier.verify(token)).toBeNull();
    expect((await user.browser.gql(ME)).data!.me).toBeNull();
    const refresh = await user.browser.gql(REFRESH);
    expect(refresh.data!.refreshSession).toMatchObject({
      accessToken: null,
      error: { code: 'ACCOUNT_DISABLED', title: 'Compte désactivé', message: 'Votre compte est désactivé' },
    });
    const ban = await h.sql.query('SELECT banned_by, reason, is_active FROM identity.user_bans WHERE user_id = $1', [user.id]);
    expect(ban.rows).toEqual([{ banned_by: admin.id, reason: 'Contenu abusif', is_active: true }]);
  });

  it('signOut ends the session: the access token dies, the cookie is cleared, the refresh token is refused', async () => {
    const user = await h.account();
    const token = user.browser.token!;
    const refresh = user.browser.cookies.get('lbf_refresh')!;
    const res = await user.browser.gql(SIGN_OUT);
    expect(res.data!.signOut).toBe(true);
    expect(res.setCookies.some((c) => /^lbf_refresh=;/.test(c))).toBe(true);
    expect(user.browser.cookies.has('lbf_refresh')).toBe(false);
    expect(await verifier.verify(token)).toBeNull();

    const replay = h.browser();
    replay.cookies.set('lbf_refresh', refresh);
    expect((await replay.gql(REFRESH)).data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('writes revocations under the deployment\'s REDIS_KEY_PREFIX, where every verifier of that deployment looks', async () => {
    const user = await h.account();
    const token = user.browser.token!;
    const { sessionId } = (await verifier.verify(token))!;
    await user.browser.gql(SIGN_OUT);
    expect(await h.redis.exists(`${h.env.redisKeyPrefix}:auth:revoked:session:${sessionId}`)).toBe(1);
    expect(await h.redis.exists(`lbf:auth:revoked:session:${sessionId}`)).toBe(0);
    // A verifier of another deployment (another prefix) is not told.
    expect(await new AccessTokenVerifier(h.env.keys.publicKey, h.redis, `${h.env.redisKeyPrefix}x`).verify(token)).toMatchObject({ userId: user.id });
  });

  it('signing out one session leaves the others alive', async () => {
    const user = await h.account();
    const laptop = h.browser();
    const signedIn = (await laptop.gql(SIGN_IN, { input: { email: user.email, password: user.password } })).data!.signIn;
    await user.browser.gql(SIGN_OUT);
    expect(await verifier.verify(signedIn.accessToken)).toMatchObject({ userId: user.id });
    expect((await laptop.gql(REFRESH)).data!.refreshSession.error).toBeNull();
  });
});
