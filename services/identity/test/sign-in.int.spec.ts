import { AccessTokenVerifier } from '@lbf/service-kit';
import jwt from 'jsonwebtoken';
import { BAN_USER, identityHarness, type IdentityHarness, SIGN_IN, uniqueEmail } from './harness';

describe('sign-in', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await identityHarness({
      rateLimits: {
        signInPerEmail: { points: 3, durationSeconds: 15 * 60 },
        signInPerIp: { points: 5, durationSeconds: 15 * 60 },
      },
    });
  });
  afterAll(async () => {
    await h?.teardown();
  });

  const signIn = async (input: { email: string; password: string; asAdmin?: boolean }, browser = h.browser()) =>
    (await browser.gql(SIGN_IN, { input })).data!.signIn;

  it('signs a customer in with an ES256 access token and a refresh cookie', async () => {
    const user = await h.account();
    const browser = h.browser();
    const res = await browser.gql(SIGN_IN, { input: { email: user.email.toUpperCase(), password: user.password } });
    const result = res.data!.signIn;
    expect(result.error).toBeNull();
    expect(result.user).toMatchObject({ id: user.id, email: user.email, isAdmin: false });
    const claims = jwt.decode(result.accessToken, { complete: true })!;
    expect(claims.header.alg).toBe('ES256');
    expect(claims.payload).toMatchObject({ sub: user.id, roles: [], iss: 'lbf-identity', aud: 'lbf', sid: expect.any(String) });
    const payload = claims.payload as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(900);
    expect(browser.cookies.get('lbf_refresh')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const auth = await new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix).verify(result.accessToken);
    expect(auth).toMatchObject({ userId: user.id, roles: [], name: null, email: null });
    // A customer's name and e-mail never travel in their token.
    expect(claims.payload).not.toHaveProperty('email');
    expect(claims.payload).not.toHaveProperty('name');
  });

  it("answers 'Erreur de connexion' / 'Email ou mot de passe incorrect.' to a wrong password and to an unknown e-mail alike", async () => {
    const user = await h.account();
    const expected = { code: 'INVALID_CREDENTIALS', title: 'Erreur de connexion', message: 'Email ou mot de passe incorrect.', field: null };
    expect((await signIn({ email: user.email, password: 'wrong-password' })).error).toEqual(expected);
    expect((await signIn({ email: uniqueEmail('nobody'), password: 'whatever1' })).error).toEqual(expected);
  });

  it("answers a customer's right password on the admin path exactly as a wrong one: 'Identifiants administrateur incorrects.'", async () => {
    const user = await h.account();
    const expected = { code: 'INVALID_CREDENTIALS', title: 'Erreur de connexion', message: 'Identifiants administrateur incorrects.', field: null };
    const browser = h.browser();
    const right = await signIn({ email: user.email, password: user.password, asAdmin: true }, browser);
    const wrong = await signIn({ email: user.email, password: 'wrong-password', asAdmin: true }, browser);
    const unknown = await signIn({ email: uniqueEmail('nobody'), password: 'whatever1', asAdmin: true }, browser);
    for (const answer of [right, wrong, unknown]) expect(answer).toEqual({ accessToken: null, accessTokenExpiresAt: null, user: null, error: expected });
    expect(browser.cookies.has('lbf_refresh')).toBe(false);
  });

  it("asks the admin path to 'Veuillez remplir tous les champs' when a field is empty", async () => {
    expect((await signIn({ email: '', password: 'x', asAdmin: true })).error).toMatchObject({
      code: 'VALIDATION',
      message: 'Veuillez remplir tous les champs',
    });
    expect((await signIn({ email: 'a@b.fr', password: '', asAdmin: true })).error).toMatchObject({ message: 'Veuillez remplir tous les champs' });
  });

  it("lets an administrator in on the admin path with the role in the token, and who they are (for the journal)", async () => {
    const admin = await h.account({ admin: true });
    const result = await signIn({ email: admin.email, password: admin.password, asAdmin: true });
    expect(result.error).toBeNull();
    expect(result.user).toMatchObject({ id: admin.id, isAdmin: true });
    const name = `${result.user.firstName} ${result.user.lastName}`;
    expect(jwt.decode(result.accessToken)).toMatchObject({ roles: ['admin'], name, email: admin.email });
    const auth = await new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix).verify(result.accessToken);
    expect(auth).toMatchObject({ userId: admin.id, roles: ['admin'], name, email: admin.email });
  });

  it("refuses a banned user with 'Compte désactivé' / 'Votre compte est désactivé' and opens no session", async () => {
    const admin = await h.account({ admin: true });
    const user = await h.account();
    const banned = await admin.browser.gql(BAN_USER, { input: { userId: user.id, reason: 'spam' } });
    expect(banned.data!.banUser.error).toBeNull();
    const before = await h.sql.query('SELECT count(*)::int AS n FROM identity.sessions WHERE user_id = $1', [user.id]);

    const browser = h.browser();
    const res = await browser.gql(SIGN_IN, { input: { email: user.email, password: user.password } });
    expect(res.data!.signIn).toMatchObject({
      accessToken: null,
      user: null,
      error: { code: 'ACCOUNT_DISABLED', title: 'Compte désactivé', message: 'Votre compte est désactivé' },
    });
    expect(browser.cookies.has('lbf_refresh')).toBe(false);
    const after = await h.sql.query('SELECT count(*)::int AS n FROM identity.sessions WHERE user_id = $1', [user.id]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('stops an e-mail after repeated failures, even with the right password, with the French message', async () => {
    const user = await h.account();
    for (let i = 0; i < 3; i++) {
      // Each failure from a different address: the limit is on the account.
      expect((await signIn({ email: user.email, password: `wrong-${i}-pw` })).error.code).toBe('INVALID_CREDENTIALS');
    }
    const limited = await signIn({ email: user.email, password: user.password });
    expect(limited).toMatchObject({
      accessToken: null,
      error: { code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 15 minute(s).' },
    });
  });

  it('stops an IP that fails on many accounts', async () => {
    const browser = h.browser();
    for (let i = 0; i < 5; i++) await signIn({ email: uniqueEmail('guess'), password: 'guess-pw' }, browser);
    const user = await h.account();
    const limited = await signIn({ email: user.email, password: user.password }, browser);
    expect(limited.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Trop de tentatives\. Veuillez réessayer dans \d+ minute\(s\)\.$/) });
    // The same account from elsewhere is fine.
    expect((await signIn({ email: user.email, password: user.password })).error).toBeNull();
  });

  it('forgives the failures of an account once its owner signs in', async () => {
    const user = await h.account();
    for (let i = 0; i < 2; i++) await signIn({ email: user.email, password: 'wrong-pw' });
    expect((await signIn({ email: user.email, password: user.password })).error).toBeNull();
    for (let i = 0; i < 2; i++) await signIn({ email: user.email, password: 'wrong-pw' });
    expect((await signIn({ email: user.email, password: user.password })).error).toBeNull();
  });
  it('counts parallel guesses before checking them: 30 wrong passwords at once on one e-mail get 3 password checks, then even the right one waits', async () => {
    const user = await h.account();
    // Each guess from its own address, as a botnet would: only the per-e-mail limit (3 here) applies.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn({ email: user.email, password: `wrong-${i}-pw` })));
    const codes = answers.map((a) => a.error.code as string);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(3);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(27);

    const limited = await signIn({ email: user.email, password: user.password });
    expect(limited).toMatchObject({ accessToken: null, error: { code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 15 minute(s).' } });
    // The window passing is the limiter's key expiring in Redis.
    const keys = await h.redis.keys(`${h.env.redisKeyPrefix}:identity:rl:signInPerEmail:*`);
    const key = keys.find((k) => k.endsWith(`:${user.email}`))!;
    expect(await h.redis.pttl(key)).toBeGreaterThan(14 * 60_000);
    await h.redis.del(key);
    expect((await signIn({ email: user.email, password: user.password })).error).toBeNull();
  });

  it('counts parallel guesses per IP too: 30 wrong sign-ins at once from one address on 30 accounts get 5 password checks', async () => {
    const browser = h.browser();
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn({ email: uniqueEmail('spray'), password: 'guess-pw' }, browser)));
    const codes = answers.map((a) => a.error.code as string);
    expect(codes.filter((c) => c === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(25);
  });
});
