import { banRequest, unbanRequest } from './rules';

const admin = '0b7c7c6e-1111-4222-8333-944455556666';
const user = '3F1E1C4A-1111-4222-8333-944455556666';

describe('a ban’s input', () => {
  it('lowercases the id and trims the reason', () => {
    expect(banRequest(admin, { userId: ` ${user} `, reason: '  Spam  ' })).toEqual({ ok: true, value: { userId: user.toLowerCase(), reason: 'Spam' } });
  });

  it('refuses an unknown id, oneself and a reason past 2000 characters, in French, on the field', () => {
    expect(banRequest(admin, { userId: 'x', reason: '' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'userId', message: 'Utilisateur introuvable.' } });
    expect(banRequest(admin, { userId: admin, reason: '' })).toMatchObject({ ok: false, error: { field: 'userId', message: 'Vous ne pouvez pas vous bannir vous-même.' } });
    expect(banRequest(admin, { userId: user, reason: 'a'.repeat(2001) })).toMatchObject({ ok: false, error: { field: 'reason', message: 'Le motif ne doit pas dépasser 2000 caractères.' } });
    expect(banRequest(admin, { userId: user, reason: 'a'.repeat(2000) }).ok).toBe(true);
  });
});

describe('an unban’s input', () => {
  it('requires a reason', () => {
    expect(unbanRequest({ userId: user, reason: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'reason', message: 'Veuillez indiquer le motif de la levée du bannissement.' },
    });
    expect(unbanRequest({ userId: user, reason: 'Erreur' })).toEqual({ ok: true, value: { userId: user.toLowerCase(), reason: 'Erreur' } });
  });
});
