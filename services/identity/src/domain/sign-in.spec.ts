import { signInError } from './sign-in';
import { rateLimitedError, retryMinutes } from './user-error';

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

  it('rounds the wait up to whole minutes, at least one', () => {
    expect(retryMinutes(1)).toBe(1);
    expect(retryMinutes(60_000)).toBe(1);
    expect(retryMinutes(60_001)).toBe(2);
    expect(retryMinutes(14 * 60_000 + 5)).toBe(15);
    expect(rateLimitedError(125_000)).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans 3 minute(s).' });
  });
});
