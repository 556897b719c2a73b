import { withHarness } from '@lbf/service-kit/testing';
import { identityHarness, SIGN_IN } from './harness';

/**
 * Issue 6: a NUL character in the sign-in form used to reach Postgres (which cannot store it in
 * text) and came back as an internal error. It is a validation error now, with a French message.
 */
describe('a NUL character in sign-in', () => {
  const h = withHarness(() => identityHarness());

  const FORBIDDEN = 'Ce champ contient des caractères non autorisés.';

  it('refuses an e-mail holding one as bad input naming the field, never as an internal error', async () => {
    const user = await h.account();
    const res = await h.browser().gql(SIGN_IN, { input: { email: `${user.email}\u0000`, password: user.password } });
    expect(res.status).toBe(200);
    expect(res.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
  });

  it('refuses a password holding one the same way', async () => {
    const user = await h.account();
    const res = await h.browser().gql(SIGN_IN, { input: { email: user.email, password: `${user.password}\u0000` } });
    expect(res.errors?.[0]).toMatchObject({ message: FORBIDDEN, extensions: { code: 'BAD_USER_INPUT', field: 'password' } });
  });
});
