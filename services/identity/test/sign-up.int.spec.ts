import { type EventCollector, until, withHarness } from '@lbf/service-kit/testing';
import { identityHarness, SIGN_UP, uniqueEmail } from './harness';

const CHECK = `mutation Check($id: ID!, $answer: String!) { checkCaptcha(id: $id, answer: $answer) }`;

describe('sign-up', () => {
  const h = withHarness(() => identityHarness({ rateLimits: { signUpPerIp: { points: 3, durationSeconds: 3600 } } }));
  let events: EventCollector;

  beforeAll(async () => {
    events = await h.events(['identity.user.registered']);
  });

  it('creates the user and its registered event, publishes it, and signs the user in', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser, { email: '  Mixed.Case@Example.com ' });
    const res = await browser.gql(SIGN_UP, { input });
    const result = res.data!.signUp;

    expect(result.error).toBeNull();
    expect(result.accessToken).toEqual(expect.any(String));
    expect(result.user).toMatchObject({
      email: 'mixed.case@example.com',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      fullName: 'Awa Ndiaye',
      phone: '+237690000000',
      isAdmin: false,
      isBanned: false,
    });
    // The refresh token only travels in the httpOnly cookie.
    const cookie = res.setCookies.find((c) => c.startsWith('lbf_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/graphql/);
    expect(cookie).not.toMatch(/Secure/i);

    const userId = result.user.id as string;
    const user = await h.sql.query('SELECT password_hash FROM identity.users WHERE id = $1', [userId]);
    const outbox = await h.sql.query(
      "SELECT 1 FROM identity.outbox WHERE subject = 'identity.user.registered' AND envelope->'data'->>'userId' = $1",
      [userId],
    );
    expect(user.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(outbox.rows).toHaveLength(1);

    const received = await until(() => events.received.find((e) => e.data.userId === userId), 5000, 'identity.user.registered on the stream');
    expect(received).toMatchObject({
      subject: 'identity.user.registered',
      producer: 'identity',
      version: 2,
      data: { userId, email: 'mixed.case@example.com', firstName: 'Awa', lastName: 'Ndiaye', phone: '+237690000000', origin: 'sign-up' },
    });
  });

  it('writes the user and its registered event in one commit: when the event cannot be written, no user is left', async () => {
    // Comparing the rows' xmin would race the relay, which updates sent_at; a refused outbox insert proves it instead.
    await h.sql.query(`CREATE FUNCTION identity.refuse_registered() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.subject = 'identity.user.registered' THEN RAISE EXCEPTION 'outbox refused by the test'; END IF;
        RETURN NEW;
      END $$`);
    await h.sql.query('CREATE TRIGGER refuse_registered BEFORE INSERT ON identity.outbox FOR EACH ROW EXECUTE FUNCTION identity.refuse_registered()');
    try {
      const browser = h.browser();
      const input = await h.signUpInput(browser);
      const res = await browser.gql(SIGN_UP, { input });
      expect(res.data?.signUp?.user ?? null).toBeNull();
      const { rowCount } = await h.sql.query('SELECT 1 FROM identity.users WHERE email = $1', [input.email]);
      expect(rowCount).toBe(0);
    } finally {
      await h.sql.query('DROP TRIGGER refuse_registered ON identity.outbox');
      await h.sql.query('DROP FUNCTION identity.refuse_registered()');
    }
  });

  it('checks the captcha live, case-insensitively, without spending it', async () => {
    const browser = h.browser();
    const captcha = await h.solvedCaptcha(browser);
    expect(captcha.answer).toMatch(/^[A-Z0-9]{5}$/);
    expect((await browser.gql(CHECK, { id: captcha.id, answer: captcha.answer.toLowerCase() })).data!.checkCaptcha).toBe(true);
    expect((await browser.gql(CHECK, { id: captcha.id, answer: 'XXXXX' === captcha.answer ? 'YYYYY' : 'XXXXX' })).data!.checkCaptcha).toBe(false);
    expect((await browser.gql(CHECK, { id: captcha.id, answer: captcha.answer })).data!.checkCaptcha).toBe(true);
  });

  it('gives up on a captcha checked too many times', async () => {
    const browser = h.browser();
    const captcha = await h.solvedCaptcha(browser);
    for (let i = 0; i < 10; i++) await browser.gql(CHECK, { id: captcha.id, answer: '00000' });
    expect((await browser.gql(CHECK, { id: captcha.id, answer: captcha.answer })).data!.checkCaptcha).toBe(false);
  });

  it('uses a captcha once: a second sign-up with it reads Code incorrect', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser);
    expect((await browser.gql(SIGN_UP, { input })).data!.signUp.error).toBeNull();
    const again = await browser.gql(SIGN_UP, { input: { ...input, email: uniqueEmail() } });
    expect(again.data!.signUp).toMatchObject({
      accessToken: null,
      user: null,
      error: { code: 'CAPTCHA_INVALID', message: 'Code incorrect', field: 'captchaAnswer' },
    });
  });

  it('refuses a wrong captcha answer and creates nothing', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser);
    const wrong = input.captchaAnswer === 'aaaaa' ? 'bbbbb' : 'aaaaa';
    const res = await browser.gql(SIGN_UP, { input: { ...input, captchaAnswer: wrong } });
    expect(res.data!.signUp.error).toMatchObject({ code: 'CAPTCHA_INVALID', field: 'captchaAnswer' });
    const { rowCount } = await h.sql.query('SELECT 1 FROM identity.users WHERE email = $1', [input.email]);
    expect(rowCount).toBe(0);
  });

  it('answers the spec texts for mismatched and short passwords, and keeps the captcha for the corrected form', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser);
    const mismatch = await browser.gql(SIGN_UP, { input: { ...input, confirmPassword: 'other1' } });
    expect(mismatch.data!.signUp.error).toEqual({
      code: 'VALIDATION',
      title: 'Erreur',
      message: 'Les mots de passe ne correspondent pas.',
      field: 'confirmPassword',
    });
    const short = await browser.gql(SIGN_UP, { input: { ...input, password: '12345', confirmPassword: '12345' } });
    expect(short.data!.signUp.error).toMatchObject({ message: 'Le mot de passe doit contenir au moins 6 caractères.', field: 'password' });
    const phone = await browser.gql(SIGN_UP, { input: { ...input, phoneNumber: '69-00' } });
    expect(phone.data!.signUp.error).toMatchObject({ field: 'phoneNumber', message: 'Le numéro de téléphone ne doit contenir que des chiffres.' });

    const corrected = await browser.gql(SIGN_UP, { input });
    expect(corrected.data!.signUp.error).toBeNull();
  });

  it("tells an existing e-mail 'Un compte avec cet email existe déjà. Essayez de vous connecter.', whatever its case", async () => {
    const first = h.browser();
    const input = await h.signUpInput(first);
    await first.gql(SIGN_UP, { input });
    const second = h.browser();
    const again = await h.signUpInput(second, { email: (input.email as string).toUpperCase() });
    const res = await second.gql(SIGN_UP, { input: again });
    expect(res.data!.signUp.error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Un compte avec cet email existe déjà. Essayez de vous connecter.',
      field: 'email',
    });
  });

  it('stores a number typed with +237 or 00237 as Cameroon’s even with France picked, and refuses an invalid one in the spec’s words', async () => {
    const browser = h.browser();
    const input = await h.signUpInput(browser, { phoneCountry: 'FR', phoneNumber: '+237 12' });
    const invalid = await browser.gql(SIGN_UP, { input });
    expect(invalid.data!.signUp.error).toEqual({
      code: 'VALIDATION',
      title: 'Erreur',
      message: "Ce numéro de téléphone n'est pas valide pour le pays choisi.",
      field: 'phoneNumber',
    });
    const plus = await browser.gql(SIGN_UP, { input: { ...input, phoneNumber: '+237 677 12 34 56' } });
    expect(plus.data!.signUp.error).toBeNull();
    expect(plus.data!.signUp.user.phone).toBe('+237677123456');

    const other = h.browser();
    const zeros = await other.gql(SIGN_UP, { input: await h.signUpInput(other, { phoneCountry: 'FR', phoneNumber: '00237 690 11 22 33' }) });
    expect(zeros.data!.signUp.error).toBeNull();
    const { rows } = await h.sql.query('SELECT phone FROM identity.users WHERE id = $1', [zeros.data!.signUp.user.id]);
    expect(rows[0].phone).toBe('+237690112233');
    // Digits typed without a country code stay the picked country's.
    const french = h.browser();
    const national = await french.gql(SIGN_UP, { input: await h.signUpInput(french, { phoneCountry: 'FR', phoneNumber: '06 12 34 56 78' }) });
    expect(national.data!.signUp.user.phone).toBe('+33612345678');
  });

  it('limits sign-ups per IP with the French message', async () => {
    const browser = h.browser();
    for (let i = 0; i < 3; i++) {
      const ok = await browser.gql(SIGN_UP, { input: await h.signUpInput(browser) });
      expect(ok.data!.signUp.error).toBeNull();
    }
    const limited = await browser.gql(SIGN_UP, { input: await h.signUpInput(browser) });
    expect(limited.data!.signUp.error).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 60 minute(s).' });
    // Another address is not affected.
    const other = h.browser();
    expect((await other.gql(SIGN_UP, { input: await h.signUpInput(other) })).data!.signUp.error).toBeNull();
  });
});
