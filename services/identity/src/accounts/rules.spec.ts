import { passwordPairIssues, signInError, validateSignUp, type SignUpFields } from './rules';

const valid: SignUpFields = {
  firstName: 'Awa',
  lastName: 'Ndiaye',
  email: ' Awa.Ndiaye@Example.COM ',
  phoneCountry: 'CM',
  phoneNumber: '690000000',
  password: 'secret1',
  confirmPassword: 'secret1',
  captchaId: '9b2f8f0e-2f7e-4c39-9d1c-2d6b7f1f1a11',
  captchaAnswer: 'ab3cd',
  acceptTerms: true,
};

function firstIssue(over: Partial<SignUpFields>) {
  const r = validateSignUp({ ...valid, ...over });
  if (r.ok) throw new Error('expected a refusal');
  return r.issues[0];
}

describe('sign-up validation', () => {
  it('accepts a complete form, lowercasing the e-mail and storing the phone in E.164', () => {
    expect(validateSignUp(valid)).toEqual({
      ok: true,
      value: { firstName: 'Awa', lastName: 'Ndiaye', email: 'awa.ndiaye@example.com', phone: '+237690000000', password: 'secret1', healthDataConsent: false },
    });
    expect(validateSignUp({ ...valid, healthDataConsent: true })).toMatchObject({ ok: true, value: { healthDataConsent: true } });
  });

  it('refuses a form whose terms box is not ticked, on that field, last (where the box is)', () => {
    for (const acceptTerms of [false, null, undefined]) {
      expect(firstIssue({ acceptTerms })).toEqual({ field: 'acceptTerms', message: "Vous devez accepter les conditions d'utilisation et la politique de confidentialité." });
    }
    const r = validateSignUp({ ...valid, email: '', acceptTerms: false });
    if (!r.ok) expect(r.issues.map((i) => i.field)).toEqual(['email', 'acceptTerms']);
  });

  it('requires every field', () => {
    for (const field of ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'confirmPassword', 'captchaAnswer'] as const) {
      const r = validateSignUp({ ...valid, [field]: '' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.map((i) => i.field)).toContain(field);
    }
  });

  it("says 'Les mots de passe ne correspondent pas.' on confirmPassword when they differ", () => {
    expect(firstIssue({ confirmPassword: 'secret2' })).toEqual({ field: 'confirmPassword', message: 'Les mots de passe ne correspondent pas.' });
  });

  it("says 'Le mot de passe doit contenir au moins 6 caractères.' under 6 characters", () => {
    expect(firstIssue({ password: '12345', confirmPassword: '12345' })).toEqual({
      field: 'password',
      message: 'Le mot de passe doit contenir au moins 6 caractères.',
    });
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(validateSignUp({ ...valid, password: '123456', confirmPassword: '123456' }).ok).toBe(true);
  });

  it('wants a valid e-mail', () => {
    expect(firstIssue({ email: 'awa@' })).toEqual({ field: 'email', message: 'Veuillez entrer une adresse email valide' });
  });

  it('wants digits only in the phone number', () => {
    expect(firstIssue({ phoneNumber: '69a000000' })).toEqual({
      field: 'phoneNumber',
      message: 'Le numéro de téléphone ne doit contenir que des chiffres.',
    });
  });

  it('reports the issues in the order of the form', () => {
    const r = validateSignUp({ ...valid, lastName: '', password: '1', confirmPassword: '2' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.field)).toEqual(['lastName', 'password', 'confirmPassword']);
  });

  it('applies the same password rules to a reset', () => {
    expect(passwordPairIssues('abcdef', 'abcdef')).toEqual([]);
    expect(passwordPairIssues('abc', 'abc')).toEqual([{ field: 'password', message: 'Le mot de passe doit contenir au moins 6 caractères.' }]);
  });
});

describe('sign-in refusals', () => {
  it("reads 'Erreur de connexion' / 'Email ou mot de passe incorrect.' for wrong credentials", () => {
    expect(signInError('bad-credentials', false)).toEqual({
      code: 'INVALID_CREDENTIALS',
      title: 'Erreur de connexion',
      message: 'Email ou mot de passe incorrect.',
      field: null,
    });
  });

  it("reads 'Identifiants administrateur incorrects.' for any failure on the admin path", () => {
    expect(signInError('bad-credentials', true).message).toBe('Identifiants administrateur incorrects.');
    expect(signInError('bad-credentials', true)).toEqual({
      code: 'INVALID_CREDENTIALS',
      title: 'Erreur de connexion',
      message: 'Identifiants administrateur incorrects.',
      field: null,
    });
  });

  it("asks to 'Veuillez remplir tous les champs' when a field is empty", () => {
    expect(signInError('missing-fields', true)).toMatchObject({ code: 'VALIDATION', message: 'Veuillez remplir tous les champs' });
  });

  it("tells a banned user 'Compte désactivé' / 'Votre compte est désactivé'", () => {
    expect(signInError('banned', false)).toMatchObject({ code: 'ACCOUNT_DISABLED', title: 'Compte désactivé', message: 'Votre compte est désactivé' });
  });
});
