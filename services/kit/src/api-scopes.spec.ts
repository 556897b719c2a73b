import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenVerifier, hasScope, requireScope, type AuthContext } from './auth';
import { INTEGRATION_TOKEN_AUDIENCE, type Integration } from './api-scopes';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const sign = (claims: object, audience: string) => jwt.sign(claims, privateKey, { algorithm: 'ES256', issuer: ACCESS_TOKEN_ISSUER, audience, expiresIn: 60 });
const integration: Integration = { keyId: 'k1', name: 'ERP', scopes: ['orders:read'], costPerMinute: 600 };
const admin = { userId: 'u', sessionId: 's', roles: ['admin' as const], issuedAt: 0, name: null, email: null };
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { extensions?: { code?: string } }).extensions?.code;
  }
};

describe('integrations: their token and their scopes', () => {
  const verifier = new AccessTokenVerifier(publicKey);

  it('verifies an integration token only as an integration, and a person’s only as a person', async () => {
    const token = sign({ sid: 'k1', name: 'ERP', scopes: ['orders:read', 'admin'], cost: 600 }, INTEGRATION_TOKEN_AUDIENCE);
    expect(await verifier.verifyIntegration(token)).toEqual(integration);
    expect(await verifier.verify(token)).toBeNull();
    const person = sign({ sub: 'u', sid: 's', roles: ['admin'] }, ACCESS_TOKEN_AUDIENCE);
    expect(await verifier.verifyIntegration(person)).toBeNull();
  });

  it('requireScope: an administrator, or an integration holding the scope; never a customer or a visitor', () => {
    const asIntegration: AuthContext = { auth: null, integration };
    expect(code(() => requireScope(asIntegration, 'orders:read'))).toBeNull();
    expect(code(() => requireScope(asIntegration, 'customers:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScope({ auth: admin }, 'customers:read'))).toBeNull();
    expect(code(() => requireScope({ auth: { ...admin, roles: [] } }, 'orders:read'))).toBe('FORBIDDEN');
    expect(code(() => requireScope({ auth: null }, 'orders:read'))).toBe('UNAUTHENTICATED');
    expect(hasScope(asIntegration, 'orders:read')).toBe(true);
    expect(hasScope(asIntegration, 'statistics:read')).toBe(false);
  });
});
