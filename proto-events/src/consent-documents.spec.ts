import { CONSENT_KINDS, CONSENT_VERSIONS, DOCUMENT_VERSIONS } from './consent-documents';
import { validateData } from './validate';

describe('the documents consented to', () => {
  it('are versioned by the day they last changed, and every kind of consent names its version', () => {
    for (const version of Object.values(DOCUMENT_VERSIONS)) expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(CONSENT_VERSIONS).sort()).toEqual([...CONSENT_KINDS].sort());
    expect(CONSENT_VERSIONS.health_data).toBe(DOCUMENT_VERSIONS.privacy);
  });

  it('identity.user.consent_changed carries a known kind and source', () => {
    const data = { userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10', kind: 'health_data', given: false, version: '2026-11-27', source: 'account', changedAt: '2026-11-27T10:00:00.000Z' };
    expect(validateData('identity.user.consent_changed', data)).toEqual(data);
    expect(() => validateData('identity.user.consent_changed', { ...data, kind: 'marketing' })).toThrow();
    expect(() => validateData('identity.user.consent_changed', { ...data, source: 'admin' })).toThrow();
  });
});
