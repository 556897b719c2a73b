import { createHash } from 'node:crypto';
import { AccessTokenVerifier, GATEWAY_SECRET_HEADER } from '@lbf/service-kit';
import { withHarness } from '@lbf/service-kit/testing';
import { identityHarness, type Account, type Loose } from './harness';

const CREATE = `mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) {
  secret apiKey { id name prefix scopes costPerMinute expiresAt status lastUsedAt revokedAt createdBy { id } } error { code field message } } }`;
const REVOKE = `mutation($input: RevokeApiKeyInput!) { adminRevokeApiKey(input: $input) { apiKey { id status revokedAt } error { message } } }`;
const LIST = '{ adminApiKeys { id name prefix scopes status lastUsedAt } }';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Issue 24: administrators' API keys in identity, and the gateway's exchange of a key for an integration token. */
describe('API keys', () => {
  const h = withHarness(() => identityHarness());
  let verifier: AccessTokenVerifier;
  beforeAll(() => {
    verifier = new AccessTokenVerifier(h.env.keys.publicKey, h.redis, h.env.redisKeyPrefix);
  });

  /** The gateway's call: POST the secret, with the subgraph secret (or without it). */
  async function exchange(secret: string, withGatewaySecret = true): Promise<{ status: number; body: Loose }> {
    const res = await fetch(new URL('/internal/api-keys/exchange', h.app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(withGatewaySecret ? { [GATEWAY_SECRET_HEADER]: h.env.subgraphSecret } : {}) },
      body: JSON.stringify({ secret }),
    });
    return { status: res.status, body: await res.json() };
  }

  async function createKey(admin: Account, input: Record<string, unknown> = {}) {
    const res = await admin.browser.gql<Loose>(CREATE, { input: { name: 'ERP Comptabilité', scopes: ['orders:read'], costPerMinute: 600, expiresAt: inDays(30), ...input } });
    return res.data.adminCreateApiKey;
  }

  it('creates a key whose secret is shown once and stored only as its SHA-256; the exchange gives an integration token, never a person’s', async () => {
    const admin = await h.account({ admin: true });
    const created = await createKey(admin, { scopes: ['orders:read', 'statistics:read', 'orders:read'] });
    expect(created.error).toBeNull();
    expect(created.secret).toMatch(/^lbf_live_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: 'ERP Comptabilité', scopes: ['orders:read', 'statistics:read'], costPerMinute: 600, status: 'ACTIVE', lastUsedAt: null, createdBy: { id: admin.id } });
    expect(created.apiKey.prefix).toBe(created.secret.slice(0, 13));

    const { rows } = await h.sql.query('SELECT secret_hash FROM identity.api_keys WHERE id = $1', [created.apiKey.id]);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const everything = JSON.stringify((await h.sql.query('SELECT * FROM identity.api_keys')).rows);
    expect(everything).not.toContain(created.secret.slice(9));
    // Listed without its secret (the SDL has no field for it).
    const listed = (await admin.browser.gql<Loose>(LIST)).data.adminApiKeys;
    expect(listed).toContainEqual(expect.objectContaining({ id: created.apiKey.id, prefix: created.apiKey.prefix, lastUsedAt: null }));

    const answer = await exchange(created.secret);
    expect(answer.status).toBe(200);
    expect(await verifier.verify(answer.body.token)).toBeNull();
    expect(await verifier.verifyIntegration(answer.body.token)).toEqual({ keyId: created.apiKey.id, name: 'ERP Comptabilité', scopes: ['orders:read', 'statistics:read'], costPerMinute: 600 });
    const after = (await admin.browser.gql<Loose>(LIST)).data.adminApiKeys.find((k: Loose) => k.id === created.apiKey.id);
    expect(after.lastUsedAt).not.toBeNull();
    // Only the gateway may exchange a key.
    expect((await exchange(created.secret, false)).status).toBe(401);
  });

  it('revokes a key: its exchange is refused and the token already handed out dies at once; journalled', async () => {
    const admin = await h.account({ admin: true });
    const created = await createKey(admin);
    const token = (await exchange(created.secret)).body.token;
    expect(await verifier.verifyIntegration(token)).not.toBeNull();

    const revoked = (await admin.browser.gql<Loose>(REVOKE, { input: { id: created.apiKey.id } })).data.adminRevokeApiKey;
    expect(revoked).toMatchObject({ apiKey: { id: created.apiKey.id, status: 'REVOKED' }, error: null });
    expect(await exchange(created.secret)).toEqual({ status: 401, body: { refused: 'REVOKED' } });
    expect(await verifier.verifyIntegration(token)).toBeNull();
    // Revoking again changes nothing and records nothing more.
    await admin.browser.gql<Loose>(REVOKE, { input: { id: created.apiKey.id } });
    const { rows } = await h.sql.query(
      "SELECT envelope->'data'->>'action' AS action FROM identity.outbox WHERE subject = 'identity.admin.action_recorded' AND envelope->'data'->'target'->>'id' = $1 ORDER BY seq",
      [created.apiKey.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('refuses an expired key and an unknown secret', async () => {
    const admin = await h.account({ admin: true });
    const created = await createKey(admin);
    await h.sql.query("UPDATE identity.api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [created.apiKey.id]);
    expect(await exchange(created.secret)).toEqual({ status: 401, body: { refused: 'EXPIRED' } });
    expect((await admin.browser.gql<Loose>(LIST)).data.adminApiKeys.find((k: Loose) => k.id === created.apiKey.id).status).toBe('EXPIRED');
    expect(await exchange('lbf_live_' + 'x'.repeat(43))).toEqual({ status: 401, body: { refused: 'UNKNOWN' } });
  });

  it('refuses a key without a name, a known scope, a budget or an expiry ahead, and refuses customers', async () => {
    const admin = await h.account({ admin: true });
    expect((await createKey(admin, { name: '  ' })).error).toMatchObject({ code: 'VALIDATION', field: 'name' });
    expect((await createKey(admin, { scopes: ['orders:write'] })).error).toMatchObject({ field: 'scopes' });
    expect((await createKey(admin, { costPerMinute: 0 })).error).toMatchObject({ field: 'costPerMinute' });
    expect((await createKey(admin, { expiresAt: inDays(-1) })).error).toMatchObject({ field: 'expiresAt' });
    const customer = await h.account();
    const refused = await customer.browser.gql<Loose>(CREATE, { input: { name: 'x', scopes: ['orders:read'], costPerMinute: 1, expiresAt: inDays(1) } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
