import { until } from '@lbf/service-kit/testing';
import { randomInt } from 'node:crypto';
import { browserOn, signUpThroughGateway } from './accounts';
import { startFiveServices, type FiveServices } from './five-services';

const REQUEST = `mutation Request($input: PasswordResetRequestInput!) { requestPasswordReset(input: $input) { ok message error { code message field } } }`;
const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { ok message error { code message field } } }`;
const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken error { code message } } }`;

/**
 * The password reset by e-mail across services, through the gateway: identity asks, messaging
 * sends the link (identity.password_reset.requested), the link resets once. (It lived in
 * messaging's tests, which booted identity from its source: a service's tests no longer import
 * another service; the gateway's tests are where services meet.)
 */
describe('password reset by e-mail, identity to messaging', () => {
  let stack: FiveServices;
  beforeAll(async () => {
    stack = await startFiveServices();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const mailsTo = (to: string, count: number) => until(() => (stack.mail.mails(to).length >= count ? stack.mail.mails(to) : null), 15_000, `${count} mail(s) to ${to}`);
  const linkIn = (text: string, prefix: string) => {
    const found = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>)]*`).exec(text);
    if (!found) throw new Error(`no link starting with ${prefix}`);
    return found[0].replace(/&amp;/g, '&');
  };

  it('the link in the caught mail resets the password once; a second use fails', async () => {
    const email = `reset.${randomInt(1e9)}@example.com`;
    await signUpThroughGateway(stack, { email, password: 'ancien1' });
    // The sign-up's welcome mail first (identity.user.registered, origin sign-up).
    const [welcome] = await mailsTo(email, 1);
    expect(welcome!.subject).toBe('Bienvenue sur LBF');

    const asked = await browserOn(stack).gql<{ requestPasswordReset: { ok: boolean } }>(REQUEST, { input: { email } });
    expect(asked.data!.requestPasswordReset.ok).toBe(true);
    const mails = await mailsTo(email, 2);
    const mail = mails.find((m) => m.subject.startsWith('Réinitialisation de votre mot de passe'))!;
    expect(mail).toBeDefined();
    const link = new URL(linkIn(`${mail.text ?? ''}\n${mail.html ?? ''}`, 'http://localhost:4000/auth?reset='));
    const token = link.searchParams.get('reset')!;
    expect(mail.text).toContain(link.toString());

    const first = await browserOn(stack).gql<{ resetPassword: { ok: boolean } }>(RESET, { input: { token, password: 'nouveau1', confirmPassword: 'nouveau1' } });
    expect(first.data!.resetPassword).toMatchObject({ ok: true, error: null });
    const second = await browserOn(stack).gql<{ resetPassword: { ok: boolean; error: { code: string } } }>(RESET, { input: { token, password: 'autre12', confirmPassword: 'autre12' } });
    expect(second.data!.resetPassword).toMatchObject({ ok: false, error: { code: 'TOKEN_INVALID' } });
    const signedIn = await browserOn(stack).gql<{ signIn: { accessToken: string | null } }>(SIGN_IN, { input: { email, password: 'nouveau1' } });
    expect(signedIn.data!.signIn.accessToken).toEqual(expect.any(String));
    // Exactly the two mails: the welcome and one reset.
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mail.mails(email)).toHaveLength(2);
  }, 60_000);

  it('an administrator asking for a reset gets no e-mail (the spec: contact the main administrator)', async () => {
    const email = `admin.${randomInt(1e9)}@example.com`;
    const { id } = await signUpThroughGateway(stack, { email, password: 'ancien1' });
    await stack.env.sql.query("INSERT INTO identity.admin_roles (user_id, role) VALUES ($1, 'admin')", [id]);
    await mailsTo(email, 1); // the sign-up's welcome
    const asAdmin = await browserOn(stack).gql<{ requestPasswordReset: { ok: boolean; message: string } }>(REQUEST, { input: { email, asAdmin: true } });
    expect(asAdmin.data!.requestPasswordReset).toMatchObject({
      ok: true,
      message: "La réinitialisation du mot de passe administrateur ne se fait pas par e-mail. Veuillez contacter l'administrateur principal.",
    });
    const plain = await browserOn(stack).gql<{ requestPasswordReset: { ok: boolean } }>(REQUEST, { input: { email } });
    expect(plain.data!.requestPasswordReset.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    const { rows } = await stack.env.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE purpose = 'password_reset' AND recipient = $1`, [email]);
    expect(rows[0].n).toBe(0);
    expect(stack.mail.mails(email)).toHaveLength(1);
  }, 60_000);
});
