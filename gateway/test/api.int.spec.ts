import {
  createTestDatabase,
  randomSuffix,
  removeRedisKeys,
  testKeys,
  testStream,
  TEST_NATS_URL,
  TEST_REDIS_URL,
  until,
  type TestDatabase,
  type TestStream,
} from '@lbf/service-kit/testing';
import { proofOfWork } from './accounts';
import { Client as PgClient } from 'pg';
import { startAnalytics, type RunningAnalytics } from '../../services/analytics/src/app';
import { startIdentity, type RunningIdentity } from '../../services/identity/src/app';
import { startGateway, type RunningGateway } from '../src/app';
import { PERMISSIVE_RATE_LIMITS, TEST_SUBGRAPH_SECRET, testGatewayConfig, Browser, subscribe, wsClient, type Subscriber } from './support';

/**
 * The site's API as a browser sees it: identity and analytics started in-process on one database
 * copy and one event stream, and every request through the gateway's /graphql only.
 */

const USER_FIELDS = 'id email firstName lastName fullName phone isAdmin isBanned';
const AUTH = `accessToken user { ${USER_FIELDS} } error { code title message field }`;
const CREATE_CAPTCHA = 'mutation { createCaptcha { id image proofOfWork { challenge difficulty } } }';
const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { ${AUTH} } }`;
const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${AUTH} } }`;
const REFRESH = `mutation Refresh { refreshSession { ${AUTH} } }`;
const ME = `query Me { me { ${USER_FIELDS} } }`;
const BAN_USER = 'mutation Ban($input: BanUserInput!) { banUser(input: $input) { user { id isBanned } error { code message } } }';
const LIVE_COUNTERS = 'subscription Live { liveCounters { registeredUsers visitsToday day } }';
const RECORD_VISIT = 'mutation Visit($input: PageVisitInput!) { recordPageVisit(input: $input) }';

interface Counters {
  registeredUsers: number;
  visitsToday: number;
  day: string;
}

describe('the API through the gateway', () => {
  let db: TestDatabase;
  let stream: TestStream;
  let identity: RunningIdentity;
  let analytics: RunningAnalytics;
  let gateway: RunningGateway;
  let sql: PgClient;
  const subscribers: Array<Subscriber<unknown>> = [];

  const browser = () => new Browser(gateway.url);
  const live = (authorization?: string) => {
    const sub = subscribe<Counters>(wsClient(gateway.wsUrl, authorization), LIVE_COUNTERS, (d) => d.liveCounters as Counters);
    subscribers.push(sub as Subscriber<unknown>);
    return sub;
  };

  /** The captcha's answer, read from identity's table: the browser only ever receives a PNG. */
  async function solvedCaptcha(b: Browser): Promise<{ captchaId: string; captchaAnswer: string; proofOfWork: string }> {
    const res = await b.gql<{ createCaptcha: { id: string; image: string; proofOfWork: { challenge: string; difficulty: number } } }>(CREATE_CAPTCHA);
    const { id, image, proofOfWork: work } = res.data!.createCaptcha;
    expect(image).toMatch(/^data:image\/png;base64,/);
    const { rows } = await sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id]);
    return { captchaId: id, captchaAnswer: rows[0]!.answer, proofOfWork: proofOfWork(work.challenge, work.difficulty) };
  }

  async function signUpInput(b: Browser, over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return {
      firstName: 'Awa',
      lastName: 'Ndiaye',
      email: `awa.${randomSuffix()}@example.com`,
      phoneCountry: 'CM',
      phoneNumber: '690000000',
      password: 'secret1',
      confirmPassword: 'secret1',
      ...(await solvedCaptcha(b)),
      acceptTerms: true,
      ...over,
    };
  }

  async function signUpError(over: Record<string, unknown>) {
    const b = browser();
    const res = await b.gql(SIGN_UP, { input: await signUpInput(b, over) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signUp.user).toBeNull();
    return res.data!.signUp.error as { code: string; message: string; field: string | null; title: string | null };
  }

  // One prefix for the whole deployment, as in production: identity writes revocations the others read.
  const redisKeyPrefix = `t${randomSuffix()}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    stream = testStream();
    const keys = testKeys();
    // The gateway and the subgraphs share the test secret, as they do in production.
    const shared = { natsUrl: TEST_NATS_URL, redisUrl: TEST_REDIS_URL, eventStream: stream.stream, eventPrefix: stream.prefix, production: false, logLevel: 'silent', subgraphSecret: TEST_SUBGRAPH_SECRET, redisKeyPrefix, migrations: { mode: 'boot' as const, waitMs: 60_000 }, dbPoolMax: 4, shutdownDelayMs: 0, siteTimezone: 'Africa/Douala' };
    identity = await startIdentity({
      ...shared,
      port: 0,
      databaseUrl: db.urlFor('identity'),
      authPrivateKey: keys.privateKey,
      authPublicKey: keys.publicKey,
      publicUrl: 'http://localhost:4000',
      rateLimits: PERMISSIVE_RATE_LIMITS,
    });
    analytics = await startAnalytics({
      ...shared,
      port: 0,
      databaseUrl: db.urlFor('analytics'),
      authPublicKey: keys.publicKey,
      visitsPerMinutePerIp: 100_000,
    });
    gateway = await startGateway(
      testGatewayConfig({
        subgraphs: [
          { name: 'identity', url: identity.url },
          { name: 'analytics', url: analytics.url },
        ],
        authPublicKey: keys.publicKey,
        redisKeyPrefix,
        pollIntervalMs: 0,
      }),
    );
    await gateway.ready;
    sql = new PgClient({ connectionString: db.adminUrl });
    await sql.connect();
  });

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.stop().catch(() => undefined)));
    await gateway?.stop();
    await analytics?.stop();
    await identity?.stop();
    await sql?.end();
    await stream?.remove();
    await db?.drop();
    await removeRedisKeys(redisKeyPrefix);
  });

  describe('a customer’s life', () => {
    const customer = browser;
    let user: Browser;
    let email: string;
    let userId: string;

    it('signs up with the captcha, and a live subscriber sees the registered users go up within a second', async () => {
      const watcher = live();
      const first = await until(() => watcher.values[0], 5000, 'the current counters');

      user = customer();
      const input = await signUpInput(user);
      email = input.email as string;
      const res = await user.gql(SIGN_UP, { input });

      expect(res.errors).toBeUndefined();
      expect(res.data!.signUp.error).toBeNull();
      expect(res.data!.signUp.user).toMatchObject({ email, fullName: 'Awa Ndiaye', phone: '+237690000000', isAdmin: false, isBanned: false });
      userId = res.data!.signUp.user.id;
      // The refresh token reached the browser through the gateway, as identity set it.
      const cookie = res.setCookies.find((c) => c.startsWith('lbf_refresh='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/graphql/);
      expect(cookie).toMatch(/SameSite=Strict/i);

      await until(() => watcher.values.some((v) => v.registeredUsers === first.registeredUsers + 1), 1000, 'registeredUsers + 1 on the live subscription');
      expect(watcher.errors).toEqual([]);
    });

    it('signs in and is recognised by `me`', async () => {
      user = customer();
      const res = await user.gql(SIGN_IN, { input: { email, password: 'secret1' } });
      expect(res.data!.signIn.error).toBeNull();
      user.token = res.data!.signIn.accessToken;
      expect(user.cookies.get('lbf_refresh')).toEqual(expect.any(String));

      const me = await user.gql(ME);
      expect(me.data!.me).toMatchObject({ id: userId, email, firstName: 'Awa', isBanned: false });
      // Without the token the same browser is a visitor.
      const visitor = await customer().gql(ME);
      expect(visitor.data!.me).toBeNull();
    });

    it('rotates the refresh token, and the old one is refused afterwards', async () => {
      const old = user.cookies.get('lbf_refresh')!;
      const res = await user.gql(REFRESH);
      expect(res.data!.refreshSession.error).toBeNull();
      expect(res.data!.refreshSession.accessToken).toEqual(expect.any(String));
      const rotated = user.cookies.get('lbf_refresh');
      expect(rotated).toEqual(expect.any(String));
      expect(rotated).not.toBe(old);
      // The browser uses what it got (within a minute, an unused answer may be asked for again: a lost one).
      expect((await user.gql(REFRESH)).data!.refreshSession.error).toBeNull();

      const thief = customer();
      thief.cookies.set('lbf_refresh', old);
      const replay = await thief.gql(REFRESH);
      expect(replay.data!.refreshSession.accessToken).toBeNull();
      expect(replay.data!.refreshSession.error).toMatchObject({ code: expect.stringMatching(/SESSION_EXPIRED|TOKEN_INVALID/) });
    });

    it('is banned by an administrator: refresh and access refused at once, and sign-in says the account is disabled', async () => {
      // A fresh session for the user (the replay above may have ended the previous one).
      user = customer();
      const signedIn = await user.gql(SIGN_IN, { input: { email, password: 'secret1' } });
      user.token = signedIn.data!.signIn.accessToken;
      expect((await user.gql(ME)).data!.me).toMatchObject({ id: userId });

      const admin = customer();
      const adminInput = await signUpInput(admin);
      const adminSignUp = await admin.gql(SIGN_UP, { input: adminInput });
      await sql.query("INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')", [adminSignUp.data!.signUp.user.id]);
      const adminIn = await admin.gql(SIGN_IN, { input: { email: adminInput.email, password: 'secret1', asAdmin: true } });
      expect(adminIn.data!.signIn.user).toMatchObject({ isAdmin: true });
      admin.token = adminIn.data!.signIn.accessToken;

      const ban = await admin.gql(BAN_USER, { input: { userId, reason: 'Spam' } });
      expect(ban.errors).toBeUndefined();
      expect(ban.data!.banUser).toMatchObject({ user: { id: userId, isBanned: true }, error: null });

      const refresh = await user.gql(REFRESH);
      expect(refresh.data!.refreshSession.accessToken).toBeNull();
      expect(refresh.data!.refreshSession.error).toEqual(expect.objectContaining({ code: expect.any(String) }));

      const me = await user.gql(ME);
      const refused = me.data?.me === null || me.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
      expect(refused).toBe(true);

      const again = await customer().gql(SIGN_IN, { input: { email, password: 'secret1' } });
      expect(again.data!.signIn.accessToken).toBeNull();
      expect(again.data!.signIn.error).toMatchObject({ code: 'ACCOUNT_DISABLED', title: 'Compte désactivé', message: 'Votre compte est désactivé' });
    });

    it('refuses banUser to a customer', async () => {
      const other = customer();
      const input = await signUpInput(other);
      const res = await other.gql(SIGN_UP, { input });
      other.token = res.data!.signUp.accessToken;
      const ban = await other.gql(BAN_USER, { input: { userId, reason: 'Moi aussi' } });
      expect(ban.data).toBeNull();
      expect(ban.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });
  });

  describe('sign-up and admin-login messages', () => {
    it('says when the passwords do not match', async () => {
      expect(await signUpError({ confirmPassword: 'secret2' })).toMatchObject({ code: 'VALIDATION', message: 'Les mots de passe ne correspondent pas.' });
    });

    it('says when the password is shorter than 6 characters', async () => {
      expect(await signUpError({ password: 'abc', confirmPassword: 'abc' })).toMatchObject({
        code: 'VALIDATION',
        message: 'Le mot de passe doit contenir au moins 6 caractères.',
      });
    });

    it('requires every field', async () => {
      for (const field of ['firstName', 'lastName', 'email', 'phoneNumber']) {
        const error = await signUpError({ [field]: '' });
        expect(error).toMatchObject({ code: 'VALIDATION', field });
        expect(error.message).toEqual(expect.any(String));
      }
    });

    it('accepts only digits in the phone number', async () => {
      expect(await signUpError({ phoneNumber: '69a000000' })).toMatchObject({ code: 'VALIDATION', field: 'phoneNumber' });
    });

    it('says when the e-mail already has an account', async () => {
      const first = browser();
      const input = await signUpInput(first);
      await first.gql(SIGN_UP, { input });
      expect(await signUpError({ email: input.email })).toMatchObject({
        code: 'EMAIL_TAKEN',
        message: 'Un compte avec cet email existe déjà. Essayez de vous connecter.',
      });
    });

    it('asks the admin login to fill every field, and refuses wrong or non-admin credentials', async () => {
      const b = browser();
      const empty = await b.gql(SIGN_IN, { input: { email: '', password: '', asAdmin: true } });
      expect(empty.data!.signIn.error).toMatchObject({ message: 'Veuillez remplir tous les champs' });

      const wrong = await b.gql(SIGN_IN, { input: { email: `nobody.${randomSuffix()}@example.com`, password: 'whatever1', asAdmin: true } });
      expect(wrong.data!.signIn.error).toMatchObject({ message: 'Identifiants administrateur incorrects.' });

      const customerInput = await signUpInput(b);
      await b.gql(SIGN_UP, { input: customerInput });
      const notAdmin = await browser().gql(SIGN_IN, { input: { email: customerInput.email, password: 'secret1', asAdmin: true } });
      expect(notAdmin.data!.signIn.accessToken).toBeNull();
      expect(notAdmin.data!.signIn.error).toMatchObject({ message: 'Identifiants administrateur incorrects.' });
    });
  });

  describe('guards', () => {
    it('refuses a query deeper than the limit', async () => {
      let selection = 'id';
      for (let i = 0; i < 13; i++) selection = `n${i} { ${selection} }`;
      const res = await browser().gql(`query Deep { me { ${selection} } }`);
      expect(res.status).toBe(400);
      expect(res.errors?.map((e) => e.message)).toContain("'Deep' exceeds maximum operation depth of 12");
    });

    it('refuses a POST without a content type that forces a preflight (CSRF)', async () => {
      const res = await fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: ME }) });
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/Cross-Site Request Forgery/);
    });

    it('closes a subscription connection that presents an invalid token', async () => {
      const sub = live('Bearer not-a-token');
      await until(() => sub.errors.length, 3000, 'the connection to be refused');
      expect(sub.values).toEqual([]);
      expect(sub.errors[0]).toMatchObject({ code: 4403 });
    });
  });

  it('shows a page visit recorded through the gateway to a live subscriber', async () => {
    const watcher = live();
    const first = await until(() => watcher.values[0], 5000, 'the current counters');
    const res = await browser().gql(RECORD_VISIT, { input: { path: '/videos', visitorId: `v-${randomSuffix()}` } });
    expect(res.data).toEqual({ recordPageVisit: true });
    await until(() => watcher.values.some((v) => v.visitsToday === first.visitsToday + 1), 2000, 'visitsToday + 1 on the live subscription');
  });
});
