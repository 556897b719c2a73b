import { CONSENT_VERSIONS } from '@lbf/proto-events';
import { type EventCollector, until, withHarness } from '@lbf/service-kit/testing';
import { identityHarness, SIGN_UP, type Loose } from './harness';

const CONSENTS = `{ me { id consents { kind version givenAt withdrawnAt source } healthDataConsent { kind version source } } }`;
const SET_HEALTH = `mutation Set($input: SetHealthDataConsentInput!) {
  setHealthDataConsent(input: $input) { changed user { id healthDataConsent { source } } error { code message field } }
}`;

describe('consents', () => {
  const h = withHarness(() => identityHarness());
  let events: EventCollector;

  beforeAll(async () => {
    events = await h.events(['identity.user.consent_changed']);
  });

  const changesOf = (userId: string) => events.received.filter((e) => e.data.userId === userId);

  it('refuses a sign-up without the terms accepted, on their field, and keeps no account', async () => {
    for (const acceptTerms of [false, null, undefined]) {
      const browser = h.browser();
      const input = await h.signUpInput(browser, { acceptTerms });
      const res = await browser.gql(SIGN_UP, { input });
      expect(res.data!.signUp).toMatchObject({
        user: null,
        accessToken: null,
        error: { code: 'VALIDATION', field: 'acceptTerms', message: "Vous devez accepter les conditions d'utilisation et la politique de confidentialité." },
      });
      const { rows } = await h.sql.query('SELECT 1 FROM identity.users WHERE email = $1', [input.email]);
      expect(rows).toHaveLength(0);
    }
  });

  it('records the terms and the privacy notice at sign-up, with their versions in force and the time, health data only when ticked', async () => {
    const plain = await h.account();
    const signedUpAt = (await h.sql.query('SELECT created_at FROM identity.users WHERE id = $1', [plain.id])).rows[0].created_at as Date;
    const mine = (await plain.browser.gql(CONSENTS)).data!.me;
    expect(mine.healthDataConsent).toBeNull();
    expect(mine.consents.map((c: Loose) => c.kind).sort()).toEqual(['PRIVACY', 'TERMS']);
    for (const c of mine.consents) {
      expect(c).toMatchObject({ version: CONSENT_VERSIONS[c.kind === 'TERMS' ? 'terms' : 'privacy'], source: 'SIGN_UP', withdrawnAt: null });
      expect(new Date(c.givenAt).getTime()).toBe(signedUpAt.getTime());
    }

    const browser = h.browser();
    const res = await browser.gql(SIGN_UP, { input: await h.signUpInput(browser, { healthDataConsent: true }) });
    const userId = res.data!.signUp.user.id as string;
    browser.token = res.data!.signUp.accessToken;
    const withHealth = (await browser.gql(CONSENTS)).data!.me;
    expect(withHealth.healthDataConsent).toEqual({ kind: 'HEALTH_DATA', version: CONSENT_VERSIONS.health_data, source: 'SIGN_UP' });
    expect(withHealth.consents).toHaveLength(3);
    await until(() => changesOf(userId).length === 3 || undefined, 5000, 'three consent events');
    expect(changesOf(userId).map((e) => [e.data.kind, e.data.given, e.data.source]).sort()).toEqual([
      ['health_data', true, 'sign-up'],
      ['privacy', true, 'sign-up'],
      ['terms', true, 'sign-up'],
    ]);
  });

  it('gives and withdraws the health-data consent, one row and one event per change, history kept', async () => {
    const user = await h.account();
    const set = async (input: Record<string, unknown>) => (await user.browser.gql(SET_HEALTH, { input })).data!.setHealthDataConsent;

    expect(await set({ given: true, source: 'PURCHASE' })).toMatchObject({ changed: true, user: { id: user.id, healthDataConsent: { source: 'PURCHASE' } }, error: null });
    expect(await set({ given: true })).toMatchObject({ changed: false, error: null });
    expect(await set({ given: false })).toMatchObject({ changed: true, user: { healthDataConsent: null }, error: null });
    // Twice, as two tabs would: withdrawn once.
    const again = await Promise.all([set({ given: false }), set({ given: false })]);
    expect(again.map((r) => r.changed)).toEqual([false, false]);
    expect(await set({ given: true, source: 'SIGN_UP' })).toMatchObject({ changed: false, error: { code: 'VALIDATION', field: 'source' } });

    const { rows } = await h.sql.query(
      "SELECT source, withdrawn_at IS NOT NULL AS withdrawn FROM identity.user_consents WHERE user_id = $1 AND kind = 'health_data' ORDER BY given_at",
      [user.id],
    );
    expect(rows).toEqual([{ source: 'purchase', withdrawn: true }]);
    // Published once per change: two outbox rows, and those two on the stream.
    const outbox = await h.sql.query(
      "SELECT count(*)::int AS n FROM identity.outbox WHERE subject = 'identity.user.consent_changed' AND envelope->'data'->>'userId' = $1 AND envelope->'data'->>'kind' = 'health_data'",
      [user.id],
    );
    expect(outbox.rows[0].n).toBe(2);
    await until(() => changesOf(user.id).filter((e) => e.data.kind === 'health_data').length === 2 || undefined, 5000, 'two health-data events');
    const health = changesOf(user.id).filter((e) => e.data.kind === 'health_data');
    expect(health.map((e) => [e.data.given, e.data.source, e.data.version])).toEqual([
      [true, 'purchase', CONSENT_VERSIONS.health_data],
      [false, 'purchase', CONSENT_VERSIONS.health_data],
    ]);

    expect(await set({ given: true })).toMatchObject({ changed: true, user: { healthDataConsent: { source: 'ACCOUNT' } } });
    const history = (await user.browser.gql(CONSENTS)).data!.me.consents.filter((c: Loose) => c.kind === 'HEALTH_DATA');
    expect(history.map((c: Loose) => [c.source, c.withdrawnAt === null])).toEqual([
      ['ACCOUNT', true],
      ['PURCHASE', false],
    ]);
  });

  it('keeps the history append-only: a consent is withdrawn once, never rewritten', async () => {
    const user = await h.account();
    await expect(h.sql.query("UPDATE identity.user_consents SET version = '1999-01-01' WHERE user_id = $1", [user.id])).rejects.toThrow(/append-only/);
    await h.sql.query("UPDATE identity.user_consents SET withdrawn_at = now() WHERE user_id = $1 AND kind = 'terms'", [user.id]);
    await expect(h.sql.query("UPDATE identity.user_consents SET withdrawn_at = NULL WHERE user_id = $1 AND kind = 'terms'", [user.id])).rejects.toThrow(/append-only/);
  });

  it('shows consents to the person only: another customer and an administrator are refused, a visitor must sign in', async () => {
    const owner = await h.account();
    const other = await h.account();
    const admin = await h.account({ admin: true });
    const ENTITY = `query($r: [_Any!]!) { _entities(representations: $r) { ... on User { consents { kind } } } }`;
    const representations = [{ __typename: 'User', id: owner.id }];
    for (const asker of [other, admin]) {
      const res = await asker.browser.gql(ENTITY, { r: representations });
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await h.browser().gql(ENTITY, { r: representations })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.browser().gql(SET_HEALTH, { input: { given: true } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
