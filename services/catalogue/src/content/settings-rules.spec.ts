import { SETTING_DEFAULTS, validateSettings, withDefaults } from './settings-rules';

describe('site settings', () => {
  it('has the spec defaults', () => {
    expect(withDefaults([])).toMatchObject({
      site_name: 'LBF',
      site_description: 'Votre plateforme santé et bien-être',
      hero_title: 'Votre santé, notre priorité',
      hero_subtitle: 'Découvrez nos contenus exclusifs pour améliorer votre bien-être',
      contact_email: '',
      social_instagram: '',
    });
  });

  it('takes stored values over defaults and ignores unknown keys', () => {
    const s = withDefaults([{ key: 'site_name', value: 'LBF Santé' }, { key: 'pirate', value: 'x' }]);
    expect(s.site_name).toBe('LBF Santé');
    expect(s).not.toHaveProperty('pirate');
    expect(Object.keys(s)).toEqual(Object.keys(SETTING_DEFAULTS));
  });

  it('validates the contact e-mail and the social links', () => {
    expect(validateSettings({ contactEmail: 'pas-un-email' })).toEqual({ ok: false, field: 'contactEmail', message: 'Veuillez entrer une adresse email valide' });
    expect(validateSettings({ socialFacebook: 'facebook.com/lbf' })).toMatchObject({ ok: false, field: 'socialFacebook' });
    expect(validateSettings({ socialTwitter: 'javascript:alert(1)' })).toMatchObject({ ok: false, field: 'socialTwitter' });
    expect(validateSettings({ contactEmail: ' contact@lbf.test ', socialFacebook: 'https://facebook.com/lbf', socialInstagram: '' })).toEqual({
      ok: true,
      values: [
        { key: 'contact_email', value: 'contact@lbf.test' },
        { key: 'social_facebook', value: 'https://facebook.com/lbf' },
        { key: 'social_instagram', value: '' },
      ],
    });
  });

  it("keeps the seller's legal identity a receipt names: raison sociale, adresse, NIU", () => {
    expect(withDefaults([])).toMatchObject({ legal_name: '', legal_address: '', tax_id: '' });
    expect(validateSettings({ legalName: ' LBF SARL ', legalAddress: 'Rue 1.234, Akwa\nDouala', taxId: ' m 012345678901 a ' })).toEqual({
      ok: true,
      values: [
        { key: 'legal_name', value: 'LBF SARL' },
        { key: 'legal_address', value: 'Rue 1.234, Akwa\nDouala' },
        { key: 'tax_id', value: 'M012345678901A' },
      ],
    });
    expect(validateSettings({ taxId: '' })).toEqual({ ok: true, values: [{ key: 'tax_id', value: '' }] });
    for (const bad of ['12345', 'M01234567890A', 'M0123456789012', 'M012345678901A9']) {
      expect(validateSettings({ taxId: bad })).toEqual({
        ok: false,
        field: 'taxId',
        message: 'Veuillez entrer un identifiant fiscal (NIU) valide : une lettre, 12 chiffres et une lettre (ex. M012345678901A).',
      });
    }
    expect(validateSettings({ legalName: 'x'.repeat(201) })).toMatchObject({ ok: false, field: 'legalName' });
    expect(validateSettings({ legalAddress: 'x'.repeat(301) })).toMatchObject({ ok: false, field: 'legalAddress' });
  });

  it('leaves absent fields unchanged', () => {
    expect(validateSettings({ siteName: undefined, heroTitle: null })).toEqual({ ok: true, values: [] });
  });
});
