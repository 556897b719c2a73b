import { normalisePhone, parseInternationalPhone } from './phone';

describe('phone normalisation', () => {
  it('stores the number in E.164 for the chosen country', () => {
    expect(normalisePhone('CM', '690000000')).toEqual({ ok: true, e164: '+237690000000' });
    expect(normalisePhone('FR', '612345678')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('accepts the national trunk prefix and spaces', () => {
    expect(normalisePhone('FR', '06 12 34 56 78')).toEqual({ ok: true, e164: '+33612345678' });
  });

  it('accepts digits only, after an optional + or 00', () => {
    expect(normalisePhone('FR', '6123-45678')).toEqual({
      ok: false,
      field: 'phoneNumber',
      message: 'Le numéro de téléphone ne doit contenir que des chiffres.',
    });
    expect(normalisePhone('FR', '+33 6123-45678')).toMatchObject({ ok: false, field: 'phoneNumber' });
    expect(normalisePhone('FR', '6+12345678')).toMatchObject({ ok: false, field: 'phoneNumber' });
  });

  it('reads a number typed with +237 or 00237 as Cameroon’s, whatever the picked country', () => {
    expect(normalisePhone('FR', '+237 677 12 34 56')).toEqual({ ok: true, e164: '+237677123456' });
    expect(normalisePhone('FR', '00237677123456')).toEqual({ ok: true, e164: '+237677123456' });
    expect(normalisePhone('', '+33612345678')).toEqual({ ok: true, e164: '+33612345678' });
    expect(normalisePhone('FR', '+237 12')).toEqual({
      ok: false,
      field: 'phoneNumber',
      message: "Ce numéro de téléphone n'est pas valide pour le pays choisi.",
    });
  });

  it('refuses a number that is not valid in that country', () => {
    expect(normalisePhone('FR', '12')).toMatchObject({ ok: false, field: 'phoneNumber' });
    expect(normalisePhone('CM', '612345678')).toMatchObject({ ok: false, field: 'phoneNumber' });
  });

  it('requires the number and a known country', () => {
    expect(normalisePhone('FR', '')).toEqual({ ok: false, field: 'phoneNumber', message: 'Ce champ est obligatoire.' });
    expect(normalisePhone('XX', '612345678')).toMatchObject({ ok: false, field: 'phoneCountry' });
  });

  it('reads a full international number for the admin command', () => {
    expect(parseInternationalPhone('+237 690 00 00 00')).toBe('+237690000000');
    expect(parseInternationalPhone('690000000')).toBeNull();
  });
});
