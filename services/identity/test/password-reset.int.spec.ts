import { AccessTokenVerifier } from '@lbf/service-kit';
import { type EventCollector, until, withHarness } from '@lbf/service-kit/testing';
import { identityHarness, SIGN_IN, uniqueEmail } from './harness';

const REQUEST = `mutation Request($input: PasswordResetRequestInput!) { requestPasswordReset(input: $input) { ok message error { code message field } } }`;
const RESET = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { ok message error { code message field } } }`;
const SENT = "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé.";

describe('password reset', () => {
  const h = withHarness(() => identityHarness({ rateLimits: { resetPerEmail: { points: 2, durationSeconds: 3600 } } }));
  let events: EventCollector;

  beforeAll(async () => {
    events = await h.events(['identity.password_reset.requested']);
  });

  const resetLinkFor = async (userId: string) => {
    const event = await until(() => events.received.find((e) => e.data.userId === userId), 5000, 'identity.password_reset.requested');
    return new URL(event.data.resetUrl as string);
  };

  it('answers the same for a known and an unknown e-mail, and e-mails only the known one', async () => {
    const user = await h.account();
    const unknown = uniqueEmail('ghost');
    const known = (await h.browser().gql(REQUEST, { input: { email: user.email } })).data!.requestPasswordReset;
    const ghost = (await h.browser().gql(REQUEST, { input: { email: unknown } })).data!.requestPasswordReset;
    expect(known).toEqual({ ok: true, message: SENT, error: null });
    expect(ghost).toEqual(known);

    const link = await resetLinkFor(user.id);
    expect(link.origin + link.pathname).toBe('http://localhost:4000/auth');
    expect(link.searchParams.get('reset')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const event = events.received.find((e) => e.data.userId === user.id)!;
    expect(event.data).toMatchObject({ email: user.email, firstName: 'Awa', expiresAt: expect.any(String) });
    const { rows } = await h.sql.query(
      "SELECT count(*)::int AS n FROM identity.outbox WHERE subject = 'identity.password_reset.requested' AND envelope->'data'->>'email' = $1",
      [unknown],
    );
    expect(rows[0].n).toBe(0);
    // Only the hash of the token is stored.
    const stored = await h.sql.query('SELECT token_hash FROM identity.password_resets WHERE user_id = $1', [user.id]);
    expect(stored.rows[0].token_hash).not.toContain(link.searchParams.get('reset'));
  });

  it('sets the new password with the link once, ends every session, and refuses the link afterwards', async () => {
    const user = await h.account();
    const oldToken = user.browser.token!;
    await h.browser().gql(REQUEST, { input: { email: user.email } });
    const token = (await resetLinkFor(user.id)).searchParams.get('reset')!;

    const mismatch = await h.browser().gql(RESET, { input: { token, password: 'nouveau1', confirmPassword: 'nouveau2' } });
    expect(mismatch.data!.resetPassword).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: 'Les mots de passe ne correspondent pas.' } });

    const done = await h.browser().gql(RESET, { input: { token, password: 'nouveau1', confirmPassword: 'nouveau1' } });
    expect(done.data!.resetPassword).toEqual({ ok: true, message: 'Mot de passe modifié. Vous pouvez vous connecter.', error: null });
    expect(await new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix).verify(oldToken)).toBeNull();

    const again = await h.browser().gql(RESET, { input: { token, password: 'encore12', confirmPassword: 'encore12' } });
    expect(again.data!.resetPassword).toMatchObject({
      ok: false,
      error: { code: 'TOKEN_INVALID', message: 'Ce lien de réinitialisation est invalide ou a expiré.' },
    });

    const oldPassword = await h.browser().gql(SIGN_IN, { input: { email: user.email, password: user.password } });
    expect(oldPassword.data!.signIn.error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const newPassword = await h.browser().gql(SIGN_IN, { input: { email: user.email, password: 'nouveau1' } });
    expect(newPassword.data!.signIn.error).toBeNull();
  });

  it('refuses an expired or made-up link', async () => {
    const user = await h.account();
    await h.browser().gql(REQUEST, { input: { email: user.email } });
    const token = (await resetLinkFor(user.id)).searchParams.get('reset')!;
    await h.sql.query("UPDATE identity.password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    for (const t of [token, 'made-up-token']) {
      const res = await h.browser().gql(RESET, { input: { token: t, password: 'nouveau1', confirmPassword: 'nouveau1' } });
      expect(res.data!.resetPassword.error).toMatchObject({ code: 'TOKEN_INVALID' });
    }
  });

  it('tells the admin path to contact the main administrator, and sends nothing', async () => {
    const admin = await h.account({ admin: true });
    const res = await h.browser().gql(REQUEST, { input: { email: admin.email, asAdmin: true } });
    expect(res.data!.requestPasswordReset).toEqual({
      ok: true,
      message: "La réinitialisation du mot de passe administrateur ne se fait pas par e-mail. Veuillez contacter l'administrateur principal.",
      error: null,
    });
    const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM identity.password_resets WHERE user_id = $1', [admin.id]);
    expect(rows[0].n).toBe(0);
  });

  it('limits requests per e-mail with the French message', async () => {
    const user = await h.account();
    for (let i = 0; i < 2; i++) expect((await h.browser().gql(REQUEST, { input: { email: user.email } })).data!.requestPasswordReset.ok).toBe(true);
    const limited = await h.browser().gql(REQUEST, { input: { email: user.email } });
    expect(limited.data!.requestPasswordReset).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 60 minute(s).' },
    });
  });
});
