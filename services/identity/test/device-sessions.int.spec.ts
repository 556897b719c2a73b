import { AccessTokenVerifier } from '@lbf/service-kit';
import { withHarness } from '@lbf/service-kit/testing';
import { identityHarness, ME, REFRESH, SIGN_IN, type Account, type Loose } from './harness';

const PHONE = 'Mozilla/5.0 (Linux; Android 13; SM-A536B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SESSIONS = `{ me { sessions { id browser os deviceType ip signedInAt lastUsedAt current } } }`;
const REVOKE = `mutation($id: ID!) { revokeSession(id: $id) { revoked user { sessions { id } } error { code } } }`;
const REVOKE_OTHERS = `mutation { revokeOtherSessions { revoked user { sessions { id current } } error { code } } }`;

describe('the person’s own sessions (« Mes données »)', () => {
  const h = withHarness(() => identityHarness());
  let verifier: AccessTokenVerifier;

  beforeAll(() => {
    verifier = new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix);
  });

  /** The same person signing in on another device, from its own address, with that device's browser. */
  async function anotherDevice(account: Account, userAgent: string) {
    const browser = h.browser();
    const res = await browser.gql(SIGN_IN, { input: { email: account.email, password: account.password } }, { 'user-agent': userAgent });
    browser.token = res.data!.signIn.accessToken;
    return browser;
  }

  it('lists only mine, this device first and marked, with browser, system, address and dates', async () => {
    const me = await h.account();
    const phone = await anotherDevice(me, PHONE);
    const laptop = await anotherDevice(me, LAPTOP);
    const stranger = await h.account();

    const sessions = (await phone.gql(SESSIONS)).data!.me.sessions as Loose[];
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Android', deviceType: 'mobile', ip: phone.ip });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.ip === laptop.ip)).toMatchObject({ current: false, browser: 'Firefox', os: 'Windows', deviceType: 'desktop' });
    for (const s of sessions) expect(new Date(s.lastUsedAt).getTime()).toBeGreaterThanOrEqual(new Date(s.signedInAt).getTime());
    const strangerSessions = (await stranger.browser.gql(SESSIONS)).data!.me.sessions as Loose[];
    expect(strangerSessions.map((s) => s.id)).not.toEqual(expect.arrayContaining([sessions[0].id]));
    expect(strangerSessions).toHaveLength(1);

    // A renewal is a use: the session's last use moves.
    const before = sessions.find((s) => s.ip === laptop.ip).lastUsedAt;
    expect((await laptop.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    const after = ((await phone.gql(SESSIONS)).data!.me.sessions as Loose[]).find((s) => s.ip === laptop.ip).lastUsedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('« Déconnecter cet appareil »: that session’s access and refresh are refused at once, mine go on', async () => {
    const me = await h.account();
    const other = await anotherDevice(me, PHONE);
    const otherAccess = other.token!;
    const otherId = ((await me.browser.gql(SESSIONS)).data!.me.sessions as Loose[]).find((s) => !s.current).id;

    const res = (await me.browser.gql(REVOKE, { id: otherId })).data!.revokeSession;
    expect(res).toMatchObject({ revoked: 1, error: null });
    expect(res.user.sessions).toHaveLength(1);

    expect(await verifier.verify(otherAccess)).toBeNull();
    expect((await other.gql(ME)).data!.me).toBeNull();
    expect((await other.gql(REFRESH)).data!.refreshSession).toMatchObject({ accessToken: null, error: { code: 'SESSION_EXPIRED' } });
    expect((await me.browser.gql(ME)).data!.me).toMatchObject({ id: me.id });
    expect((await me.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
    // Again: nothing left to end.
    expect((await me.browser.gql(REVOKE, { id: otherId })).data!.revokeSession).toMatchObject({ revoked: 0, error: null });
  });

  it('cannot end someone else’s session', async () => {
    const me = await h.account();
    const victim = await h.account();
    const victimSession = ((await victim.browser.gql(SESSIONS)).data!.me.sessions as Loose[])[0].id;
    expect((await me.browser.gql(REVOKE, { id: victimSession })).data!.revokeSession).toMatchObject({ revoked: 0, error: null });
    expect((await me.browser.gql(REVOKE, { id: 'not-a-uuid' })).data!.revokeSession).toMatchObject({ revoked: 0, error: null });
    expect((await victim.browser.gql(ME)).data!.me).toMatchObject({ id: victim.id });
    expect((await victim.browser.gql(REFRESH)).data!.refreshSession.error).toBeNull();
  });

  it('« Déconnecter tous les autres »: every other device is refused at once, this one stays', async () => {
    const me = await h.account();
    const devices = [await anotherDevice(me, PHONE), await anotherDevice(me, LAPTOP)];
    const res = (await me.browser.gql(REVOKE_OTHERS)).data!.revokeOtherSessions;
    expect(res).toMatchObject({ revoked: 2, error: null });
    expect(res.user.sessions).toEqual([expect.objectContaining({ current: true })]);
    for (const device of devices) {
      expect(await verifier.verify(device.token)).toBeNull();
      expect((await device.gql(REFRESH)).data!.refreshSession.error).toMatchObject({ code: 'SESSION_EXPIRED' });
    }
    expect((await me.browser.gql(ME)).data!.me).toMatchObject({ id: me.id });
  });

  it('shows sessions to the person only, and a visitor can end none', async () => {
    const owner = await h.account();
    const admin = await h.account({ admin: true });
    const ENTITY = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { sessions { id } } } }`;
    const res = await admin.browser.gql(ENTITY, { r: [{ __typename: 'User', id: owner.id }] });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.browser().gql(REVOKE_OTHERS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
