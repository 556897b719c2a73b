import { Redis } from '@lbf/service-kit';
import {
  Browser as KitBrowser,
  collectEvents,
  createTestDatabase,
  testSecret,
  type GraphQLResponse,
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
import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { startIdentity, type RunningIdentity } from '../src/app';
import type { IdentityConfig } from '../src/config';
import { solveProofOfWork } from '../src/domain/proof-of-work';

/** GraphQL answers are read field by field in the tests, as a browser would; typing each one would only repeat the SDL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

/** A browser as the gateway presents it to identity: its own IP (X-Forwarded-For), the gateway's secret, a cookie jar, a token. */
export class Browser extends KitBrowser {
  constructor(url: string, ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`, gatewaySecret: string | null = null) {
    super(url, { ip, gatewaySecret });
  }
}

export const AUTH_FIELDS = `accessToken accessTokenExpiresAt user { id email firstName lastName fullName phone isAdmin isBanned createdAt } error { code title message field }`;

export const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { ${AUTH_FIELDS} } }`;
export const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${AUTH_FIELDS} } }`;
export const REFRESH = `mutation Refresh { refreshSession { ${AUTH_FIELDS} } }`;
export const SIGN_OUT = `mutation SignOut { signOut }`;
export const ME = `query Me { me { id email firstName isAdmin isBanned } }`;
export const CREATE_CAPTCHA = `mutation { createCaptcha { id image expiresAt proofOfWork { challenge difficulty } } }`;
export const BAN_USER = `mutation Ban($input: BanUserInput!) { banUser(input: $input) { user { id isBanned } error { code message field } } }`;

export interface NewUser {
  id: string;
  email: string;
  password: string;
  browser: Browser;
}

export interface Harness {
  identity: RunningIdentity;
  db: TestDatabase;
  stream: TestStream;
  keys: { privateKey: string; publicKey: string };
  /** Superuser connection to this file's database: the test's back door (e.g. a captcha's answer). */
  sql: Client;
  redis: Redis;
  redisKeyPrefix: string;
  /** The gateway's credential identity was started with; the harness's browsers send it. */
  subgraphSecret: string;
  browser(ip?: string): Browser;
  /** A captcha the way the browser gets one, its answer read from the table, and the page's proof of work. */
  solvedCaptcha(browser: Browser): Promise<{ id: string; answer: string; proofOfWork: string }>;
  signUpInput(browser: Browser, over?: Record<string, unknown>): Promise<Record<string, unknown>>;
  newUser(opts?: { admin?: boolean; password?: string }): Promise<NewUser>;
  stop(): Promise<void>;
}

let counter = 0;

export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${randomSuffix()}.${counter}@example.com`;
}

/** Starts identity exactly as production does, against this file's own database, stream and Redis prefix. */
export async function setup(overrides: Partial<IdentityConfig> = {}): Promise<Harness> {
  const db = await createTestDatabase();
  const stream = testStream();
  const keys = testKeys();
  const redisKeyPrefix = `t${randomSuffix()}`;
  const subgraphSecret = testSecret();
  const identity = await startIdentity({
    port: 0,
    databaseUrl: db.urlFor('identity'),
    natsUrl: TEST_NATS_URL,
    redisUrl: TEST_REDIS_URL,
    eventStream: stream.stream,
    eventPrefix: stream.prefix,
    subgraphSecret,
    authPrivateKey: keys.privateKey,
    authPublicKey: keys.publicKey,
    publicUrl: 'http://localhost:4000',
    production: false,
    logLevel: 'silent',
    redisKeyPrefix,
    ...overrides,
  });
  const sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  const redis = new Redis(TEST_REDIS_URL);

  const harness: Harness = {
    identity,
    db,
    stream,
    keys,
    sql,
    redis,
    redisKeyPrefix,
    subgraphSecret,
    browser: (ip) => new Browser(identity.url, ip, subgraphSecret),
    async solvedCaptcha(browser) {
      const res = await browser.gql<{ createCaptcha: { id: string; proofOfWork: { challenge: string; difficulty: number } } }>(CREATE_CAPTCHA);
      const { id, proofOfWork } = res.data!.createCaptcha;
      const { rows } = await sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id]);
      return { id, answer: rows[0]!.answer, proofOfWork: solveProofOfWork(proofOfWork.challenge, proofOfWork.difficulty) };
    },
    async signUpInput(browser, over = {}) {
      const captcha = await harness.solvedCaptcha(browser);
      return {
        firstName: 'Awa',
        lastName: 'Ndiaye',
        email: uniqueEmail(),
        phoneCountry: 'CM',
        phoneNumber: '690000000',
        password: 'secret1',
        confirmPassword: 'secret1',
        captchaId: captcha.id,
        captchaAnswer: captcha.answer.toLowerCase(),
        proofOfWork: captcha.proofOfWork,
        ...over,
      };
    },
    async newUser(opts = {}) {
      const browser = harness.browser();
      const password = opts.password ?? 'secret1';
      const input = await harness.signUpInput(browser, { password, confirmPassword: password });
      const res = await browser.gql(SIGN_UP, { input });
      const result = res.data?.signUp;
      if (!result?.user) throw new Error(`sign-up failed: ${JSON.stringify(res)}`);
      browser.token = result.accessToken;
      const user: NewUser = { id: result.user.id, email: input.email as string, password, browser };
      if (opts.admin) {
        await sql.query("INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')", [user.id]);
        const signedIn = await browser.gql(SIGN_IN, { input: { email: user.email, password, asAdmin: true } });
        browser.token = signedIn.data!.signIn.accessToken;
      }
      return user;
    },
    async stop() {
      await identity.stop();
      await sql.end();
      await removeRedisKeys(redisKeyPrefix);
      redis.disconnect();
      await stream.remove();
      await db.drop();
    },
  };
  return harness;
}

export { collectEvents, until };
export type { GraphQLResponse };
