import { Browser, randomSuffix } from '@lbf/service-kit/testing';
import { randomInt } from 'node:crypto';
import type { Client } from 'pg';
import { solveProofOfWork } from '../../src/captcha/proof-of-work';

/** The accounts room's factories: browsers, captchas solved the honest way, sign-up forms, signed-up people. */

export const AUTH_FIELDS = `accessToken accessTokenExpiresAt user { id email firstName lastName fullName phone isAdmin isBanned createdAt } error { code title message field }`;

export const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { ${AUTH_FIELDS} } }`;
export const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${AUTH_FIELDS} } }`;
export const REFRESH = `mutation Refresh { refreshSession { ${AUTH_FIELDS} } }`;
export const SIGN_OUT = `mutation SignOut { signOut }`;
export const ME = `query Me { me { id email firstName isAdmin isBanned } }`;
export const CREATE_CAPTCHA = `mutation { createCaptcha { id image expiresAt proofOfWork { challenge difficulty } } }`;
export const BAN_USER = `mutation Ban($input: BanUserInput!) { banUser(input: $input) { user { id isBanned } error { code message field } } }`;

/** A person who signed up through the form, signed in in their own browser (cookie jar and token). */
export interface Account {
  id: string;
  email: string;
  password: string;
  browser: Browser;
}

let counter = 0;

export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${randomSuffix()}.${counter}@example.com`;
}

/** What the accounts factories need of a harness: the service's URL, the gateway's secret, the back door. */
export interface AccountsWorld {
  url: string;
  subgraphSecret: string;
  sql: Client;
}

export interface AccountsFactories {
  /** A browser as the gateway presents it to identity: its own IP (X-Forwarded-For, random by default), the gateway's secret, a cookie jar. */
  browser(ip?: string): Browser;
  /** A captcha the way the browser gets one, its answer read from the table, and the page's proof of work. */
  solvedCaptcha(browser: Browser): Promise<{ id: string; answer: string; proofOfWork: string }>;
  /** A valid sign-up form with a solved captcha, `over` changing any field. */
  signUpInput(browser: Browser, over?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Someone signed up through the form (an administrator, signed in on the admin path, with `admin`). */
  account(opts?: { admin?: boolean; password?: string }): Promise<Account>;
}

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function accountsFactories(world: AccountsWorld): AccountsFactories {
  const f: AccountsFactories = {
    browser: (ip = randomIp()) => new Browser(world.url, { ip, gatewaySecret: world.subgraphSecret }),
    async solvedCaptcha(browser) {
      const res = await browser.gql<{ createCaptcha: { id: string; proofOfWork: { challenge: string; difficulty: number } } }>(CREATE_CAPTCHA);
      const { id, proofOfWork } = res.data!.createCaptcha;
      const { rows } = await world.sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id]);
      return { id, answer: rows[0]!.answer, proofOfWork: solveProofOfWork(proofOfWork.challenge, proofOfWork.difficulty) };
    },
    async signUpInput(browser, over = {}) {
      const captcha = await f.solvedCaptcha(browser);
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
        acceptTerms: true,
        ...over,
      };
    },
    async account(opts = {}) {
      const browser = f.browser();
      const password = opts.password ?? 'secret1';
      const input = await f.signUpInput(browser, { password, confirmPassword: password });
      const res = await browser.gql(SIGN_UP, { input });
      const result = res.data?.signUp;
      if (!result?.user) throw new Error(`sign-up failed: ${JSON.stringify(res)}`);
      browser.token = result.accessToken;
      const account: Account = { id: result.user.id, email: input.email as string, password, browser };
      if (opts.admin) {
        await world.sql.query("INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')", [account.id]);
        const signedIn = await browser.gql(SIGN_IN, { input: { email: account.email, password, asAdmin: true } });
        browser.token = signedIn.data!.signIn.accessToken;
      }
      return account;
    },
  };
  return f;
}
