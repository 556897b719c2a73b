import { apiKeyStatus, newApiKeyRequest, newSecret, secretHash, secretPrefix } from './rules';

describe('API keys’ rules', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const input = { name: ' ERP ', scopes: ['orders:read', 'orders:read'], costPerMinute: 100, expiresAt: '2027-01-01T00:00:00Z' };

  it('accepts a name, known scopes (each once), a budget and an expiry ahead', () => {
    expect(newApiKeyRequest(input, now)).toEqual({ ok: true, value: { name: 'ERP', scopes: ['orders:read'], costPerMinute: 100, expiresAt: new Date('2027-01-01T00:00:00Z') } });
  });

  it.each([
    ['name', { name: '' }],
    ['scopes', { scopes: [] }],
    ['scopes', { scopes: ['admin'] }],
    ['costPerMinute', { costPerMinute: 1.5 }],
    ['expiresAt', { expiresAt: 'demain' }],
    ['expiresAt', { expiresAt: '2026-11-27T11:59:59Z' }],
    ['expiresAt', { expiresAt: '2030-01-01T00:00:00Z' }],
  ])('refuses a bad %s', (field, change) => {
    const result = newApiKeyRequest({ ...input, ...change }, now);
    expect(result.ok ? null : result.error.field).toBe(field);
  });

  it('makes recognisable secrets, each different, hashed with SHA-256', () => {
    const a = newSecret();
    expect(a).toMatch(/^lbf_live_/);
    expect(newSecret()).not.toBe(a);
    expect(secretHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretPrefix(a)).toHaveLength(13);
  });

  it('tells a key’s status', () => {
    expect(apiKeyStatus({ revokedAt: null, expiresAt: new Date('2027-01-01') }, now)).toBe('ACTIVE');
    expect(apiKeyStatus({ revokedAt: now, expiresAt: new Date('2027-01-01') }, now)).toBe('REVOKED');
    expect(apiKeyStatus({ revokedAt: null, expiresAt: now }, now)).toBe('EXPIRED');
  });
});
