import { Browser } from '@lbf/service-kit/testing';
import { randomInt } from 'node:crypto';
import { startIdentity, type RunningIdentity } from '../../identity/src/app';
import { solveProofOfWork } from '../../identity/src/captcha/proof-of-work';
import { linkIn, messagingHarness, type MessagingHarness } from './harness';

const CREATE_CAPTCHA = `mutation { createCaptcha { id image expiresAt proofOfWork { challenge difficulty } } }`;
const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { user { id email } error { code message field } } }`;
const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken error { code message } } }`;
const REQUEST = `mutation Request($input: PasswordResetRequestInput!) { requestPasswordReset(input: $input) { ok message error { code message field } } }`;
const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { ok message error { code message field } } }`;

/** Identity and messaging on one test environment (same database copy, stream and keys): the reset link goes by e-mail. */
describe('password reset by e-mail, identity to messaging', () => {
  let ctx: MessagingHarness;
  let identity: RunningIdentity;
  beforeAll(async () => {
    ctx = await messagingHarness();
    identity = await startIdentity({ ...ctx.env.baseConfig('identity'), authPrivateKey: ctx.env.keys.privateKey, publicUrl: 'http://localhost:4000' });
  });
  afterAll(async () => {
    await identity?.stop();
    await ctx.teardown();
  });

  const browser = () => new Browser(identity.url, { ip: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`, gatewaySecret: ctx.env.subgraphSecret });

  async function signUp(email: string, password: string) {
    const b = browser();
    const captcha = await b.gql<{ createCaptcha: { id: string; proofOfWork: { challenge: string; difficulty: number } } }>(CREATE_CAPTCHA);
    const { id, proofOfWork } = captcha.data!.createCaptcha;
    const { rows } = await ctx.sql.query<{ answer: string }>('SELECT answer FROM identity.captchas WHERE id = $1', [id]);
    const res = await b.gql<{ signUp: { user: { id: string } | null } }>(SIGN_UP, {
      input: {
        firstName: 'Awa',
        lastName: 'Ndiaye',
        email,
        phoneCountry: 'CM',
        phoneNumber: `69${randomInt(1_000_000, 9_999_999)}`,
        password,
        confirmPassword: password,
        captchaId: id,
        captchaAnswer: rows[0]!.answer.toLowerCase(),
        proofOfWork: solveProofOfWork(proofOfWork.challenge, proofOfWork.difficulty),
      },
    });
    if (!res.data?.signUp.user) throw new Error(`sign-up failed: ${JSON.stringify(res)}`);
    return res.data.signUp.user.id;
  }

  it('the link in the caught mail resets the password once; a second use fails', async () => {
    const email = `reset.${randomInt(1e9)}@example.com`;
    await signUp(email, 'ancien1');
    // The sign-up's welcome mail first (identity.user.registered, origin sign-up).
    const [welcome] = await ctx.mailsTo(email, 1);
    expect(welcome.subject).toBe('Bienvenue sur LBF');

    const asked = await browser().gql<{ requestPasswordReset: { ok: boolean } }>(REQUEST, { input: { email } });
    expect(asked.data!.requestPasswordReset.ok).toBe(true);
    const mails = await ctx.mailsTo(email, 2);
    const mail = mails.find((m) => m.subject.startsWith('Réinitialisation de votre mot de passe'))!;
    expect(mail).toBeDefined();
    const link = new URL(linkIn(mail, 'http://localhost:4000/auth?reset='));
    const token = link.searchParams.get('reset')!;
    expect(mail.text).toContain(link.toString());

    const first = await browser().gql<{ resetPassword: { ok: boolean } }>(RESET, { input: { token, password: 'nouveau1', confirmPassword: 'nouveau1' } });
    expect(first.data!.resetPassword).toMatchObject({ ok: true, error: null });
    const second = await browser().gql<{ resetPassword: { ok: boolean; error: { code: string } } }>(RESET, { input: { token, password: 'autre12', confirmPassword: 'autre12' } });
    expect(second.data!.resetPassword).toMatchObject({ ok: false, error: { code: 'TOKEN_INVALID' } });
    const signedIn = await browser().gql<{ signIn: { accessToken: string | null } }>(SIGN_IN, { input: { email, password: 'nouveau1' } });
    expect(signedIn.data!.signIn.accessToken).toEqual(expect.any(String));
    // Exactly the two mails: the welcome and one reset.
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails(email)).toHaveLength(2);
  });

  it('an administrator asking for a reset gets no e-mail (the spec: contact the main administrator)', async () => {
    const email = `admin.${randomInt(1e9)}@example.com`;
    const userId = await signUp(email, 'ancien1');
    await ctx.sql.query("INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')", [userId]);
    await ctx.mailsTo(email, 1); // the sign-up's welcome
    const asAdmin = await browser().gql<{ requestPasswordReset: { ok: boolean; message: string } }>(REQUEST, { input: { email, asAdmin: true } });
    expect(asAdmin.data!.requestPasswordReset).toMatchObject({
      ok: true,
      message: "La réinitialisation du mot de passe administrateur ne se fait pas par e-mail. Veuillez contacter l'administrateur principal.",
    });
    const plain = await browser().gql<{ requestPasswordReset: { ok: boolean } }>(REQUEST, { input: { email } });
    expect(plain.data!.requestPasswordReset.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    const { rows } = await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE purpose = 'password_reset' AND recipient = $1`, [email]);
    expect(rows[0].n).toBe(0);
    expect(ctx.catcher.mails(email)).toHaveLength(1);
  });
});
