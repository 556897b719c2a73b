import { Browser } from '@lbf/service-kit/testing';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { FiveServices } from './five-services';

/** The proof of work the sign-up page computes (identity's captcha room checks it): leading zero bits of sha256(challenge:n). */
export function proofOfWork(challenge: string, difficulty: number): string {
  const zeroBits = (d: Buffer) => {
    let bits = 0;
    for (const byte of d) {
      if (byte !== 0) return bits + Math.clz32(byte) - 24;
      bits += 8;
    }
    return bits;
  };
  for (let n = 0; ; n++) if (zeroBits(createHash('sha256').update(`${challenge}:${n}`).digest()) >= difficulty) return String(n);
}

/** A browser on the gateway from its own IP, with a cookie jar. */
export function browserOn(stack: FiveServices): Browser {
  return new Browser(stack.gateway.url, { ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
}

/**
 * Signs up with `browser` as the sign-up page does: a captcha (its answer read behind identity's
 * back through `sql`), the proof of work, the form. Returns the user, the address, the phone (E.164)
 * and the browser, signed in (its token set, its jar holding the refresh cookie).
 */
export async function signUpWith(
  browser: Browser,
  sql: Pick<Client, 'query'>,
  o: { firstName?: string; lastName?: string; email?: string; password?: string } = {},
): Promise<{ id: string; email: string; phone: string; browser: Browser }> {
  const captcha = await browser.gql('mutation { createCaptcha { id proofOfWork { challenge difficulty } } }');
  const { id, proofOfWork: work } = captcha.data!.createCaptcha;
  const { rows } = await sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id]);
  const firstName = o.firstName ?? 'Awa';
  const email = o.email ?? `${firstName.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const password = o.password ?? 'secret1';
  const phoneNumber = `69${randomInt(1_000_000, 9_999_999)}`;
  const res = await browser.gql('mutation SignUp($input: SignUpInput!) { signUp(input: $input) { accessToken user { id } error { message } } }', {
    input: {
      firstName,
      lastName: o.lastName ?? 'Ndiaye',
      email,
      phoneCountry: 'CM',
      phoneNumber,
      password,
      confirmPassword: password,
      captchaId: id,
      captchaAnswer: rows[0]!.answer,
      proofOfWork: proofOfWork(work.challenge, work.difficulty),
      acceptTerms: true,
    },
  });
  if (!res.data?.signUp.user) throw new Error(`sign-up failed: ${JSON.stringify(res)}`);
  browser.token = res.data.signUp.accessToken;
  return { id: res.data.signUp.user.id, email, phone: `+237${phoneNumber}`, browser };
}

/** signUpWith a browser on the gateway from its own IP. */
export function signUpThroughGateway(stack: FiveServices, o: Parameters<typeof signUpWith>[2] = {}): ReturnType<typeof signUpWith> {
  return signUpWith(browserOn(stack), stack.env.sql, o);
}

/** An administrator made through the gateway: signed up, given the role in identity's table, its browser holding an administrator's token. */
export async function adminThroughGateway(stack: FiveServices, o: Parameters<typeof signUpWith>[2] = {}): ReturnType<typeof signUpWith> {
  const admin = await signUpThroughGateway(stack, o);
  await stack.env.sql.query('INSERT INTO identity.admin_roles (user_id) VALUES ($1)', [admin.id]);
  admin.browser.token = stack.env.newUser({ admin: true, userId: admin.id }).token;
  return admin;
}
