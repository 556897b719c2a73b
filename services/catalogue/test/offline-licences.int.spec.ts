import { until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { cataloguePart } from '../src/export/store';
import { grant, refund } from './factories/entitlements';
import { writeHlsFixture, type HlsFixture } from './factories/playback';
import { setupCatalogue } from './harness';

/*
 * Offline lessons (issue 25 point 2): an owner gets the video's key with an expiry 14 days ahead and
 * a renewal token; a non-owner gets nothing; the renewal is refused (and recorded) after a refund,
 * a ban or the account's erasure, and works again for no one but the holder of the token.
 */
const t = withHarness(() => setupCatalogue());

const LICENCE_FIELDS = 'licence { id videoId renewalToken key expiresAt hlsVersion } error { code field message }';
const GRANT = `mutation($videoId: ID!) { offlineLicence(videoId: $videoId) { ${LICENCE_FIELDS} } }`;
const RENEW = `mutation($token: String!) { renewOfflineLicence(renewalToken: $token) { ${LICENCE_FIELDS} } }`;

type Licence = { id: string; videoId: string; renewalToken: string; key: string; expiresAt: string; hlsVersion: number };
type Payload = { licence: Licence | null; error: { code: string; field: string | null; message: string } | null };

const DAY = 24 * 3600_000;
let fixture: HlsFixture;

const licenceFor = async (token: string, videoId = fixture.videoId) => (await t.as<{ offlineLicence: Payload }>(token, GRANT, { videoId })).data!.offlineLicence;
const renew = async (renewalToken: string) => (await t.query<{ renewOfflineLicence: Payload }>(RENEW, { token: renewalToken })).data!.renewOfflineLicence;
const row = async (id: string) =>
  (await t.sql.query('SELECT user_id, video_id, expires_at, renewals, revoked_at, revoked_reason, secret_hash FROM catalogue.offline_licences WHERE id = $1', [id])).rows[0];

/** A new customer who bought the fixture's video: their token, id and the order. */
async function owner() {
  const user = t.newUser();
  const orderId = await grant(t, user.userId, fixture.videoId);
  return { ...user, orderId };
}

beforeAll(async () => {
  const videoId = await t.insertVideo({ title: 'Respirer avant de dormir' });
  fixture = await writeHlsFixture(t, videoId);
});

describe('offline licences', () => {
  it('gives an owner the video’s key, valid 14 days, and records it without its secret', async () => {
    const buyer = await owner();
    const before = Date.now();
    const { licence, error } = await licenceFor(buyer.token);
    expect(error).toBeNull();
    expect(licence).toMatchObject({ videoId: fixture.videoId, hlsVersion: fixture.version });
    expect(Buffer.from(licence!.key, 'base64').equals(fixture.key)).toBe(true);
    const expires = Date.parse(licence!.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 14 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 14 * DAY + 1000);
    const kept = await row(licence!.id);
    expect(kept).toMatchObject({ user_id: buyer.userId, video_id: fixture.videoId, renewals: 0, revoked_at: null });
    expect(kept.secret_hash.toString('hex')).not.toContain(Buffer.from(licence!.renewalToken.split('.')[1]!).toString('hex'));
    // A second copy (another phone) has its own licence: neither undoes the other.
    const second = (await licenceFor(buyer.token)).licence!;
    expect(second.id).not.toBe(licence!.id);
    expect((await renew(licence!.renewalToken)).licence).not.toBeNull();
  });

  it('refuses a customer who did not buy the lesson, a visitor, and an unknown video', async () => {
    const stranger = t.newUser();
    expect(await licenceFor(stranger.token)).toMatchObject({ licence: null, error: { code: 'NOT_PURCHASED', message: 'Achetez cette leçon pour la télécharger.' } });
    expect(await licenceFor(stranger.token, randomUUID())).toMatchObject({ licence: null, error: { code: 'NOT_FOUND' } });
    const visitor = await t.query<{ offlineLicence: Payload }>(GRANT, { videoId: fixture.videoId });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const { rows } = await t.sql.query('SELECT count(*)::int AS n FROM catalogue.offline_licences WHERE user_id = $1', [stranger.userId]);
    expect(rows[0].n).toBe(0);
  });

  it('renews an owner’s licence for 14 more days without a sign-in, for the holder of the token alone', async () => {
    const buyer = await owner();
    const licence = (await licenceFor(buyer.token)).licence!;
    await t.sql.query(`UPDATE catalogue.offline_licences SET expires_at = now() + interval '2 days' WHERE id = $1`, [licence.id]);
    const renewed = await renew(licence.renewalToken);
    expect(renewed.error).toBeNull();
    expect(Date.parse(renewed.licence!.expiresAt)).toBeGreaterThan(Date.now() + 14 * DAY - 60_000);
    expect(Buffer.from(renewed.licence!.key, 'base64').equals(fixture.key)).toBe(true);
    expect(await row(licence.id)).toMatchObject({ renewals: 1, revoked_at: null });
    // A forged secret for the same licence, or anything else, is not a token.
    const forged = `${licence.id}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'n’importe quoi']) expect(await renew(bad)).toMatchObject({ licence: null, error: { code: 'VALIDATION', field: 'renewalToken' } });
  });

  it('refuses the renewal after a refund, says why, and records it', async () => {
    const buyer = await owner();
    const licence = (await licenceFor(buyer.token)).licence!;
    await refund(t, buyer.orderId);
    expect(await renew(licence.renewalToken)).toEqual({ licence: null, error: { code: 'LICENCE_REVOKED', field: null, message: 'Son achat a été remboursé.' } });
    expect(await row(licence.id)).toMatchObject({ revoked_at: expect.any(Date), revoked_reason: 'refunded' });
    // Bought again: a new licence, the refunded one stays refused.
    await grant(t, buyer.userId, fixture.videoId);
    expect((await licenceFor(buyer.token)).licence).not.toBeNull();
    expect((await renew(licence.renewalToken)).error).toMatchObject({ code: 'LICENCE_REVOKED' });
  });

  it('refuses the renewal and a new licence once identity bans the person, and grants again after the ban is lifted', async () => {
    const buyer = await owner();
    const licence = (await licenceFor(buyer.token)).licence!;
    const bannedAt = new Date();
    await t.harness.publish('identity.user.banned', { userId: buyer.userId, bannedBy: t.adminId, reason: 'fraude', bannedAt: bannedAt.toISOString() }, 'identity');
    await until(async () => (await t.sql.query('SELECT 1 FROM catalogue.offline_banned_users WHERE user_id = $1', [buyer.userId])).rowCount === 1, 10_000, 'the ban');
    expect(await renew(licence.renewalToken)).toEqual({ licence: null, error: { code: 'LICENCE_REVOKED', field: null, message: 'Votre compte a été suspendu.' } });
    expect(await row(licence.id)).toMatchObject({ revoked_reason: 'banned' });
    expect(await licenceFor(buyer.token)).toMatchObject({ licence: null, error: { code: 'LICENCE_REVOKED' } });

    const unbannedAt = new Date(bannedAt.getTime() + 1000).toISOString();
    await t.harness.publish('identity.user.unbanned', { userId: buyer.userId, unbannedBy: t.adminId, reason: 'erreur', unbannedAt }, 'identity');
    await until(async () => (await t.sql.query('SELECT 1 FROM catalogue.offline_banned_users WHERE user_id = $1', [buyer.userId])).rowCount === 0, 10_000, 'the unban');
    expect((await licenceFor(buyer.token)).licence).not.toBeNull();
  });

  it('is in the person’s data export, without its secret, and goes with their account', async () => {
    const buyer = await owner();
    const licence = (await licenceFor(buyer.token)).licence!;
    const part = await cataloguePart(t.app.ds.manager, buyer.userId);
    expect(part.offlineLicences).toEqual([expect.objectContaining({ videoId: fixture.videoId, title: 'Respirer avant de dormir', renewals: 0, revokedReason: null })]);
    expect(JSON.stringify(part)).not.toContain(licence.renewalToken.split('.')[1]);

    await t.harness.publish('identity.user.deleted', { userId: buyer.userId, deletedAt: new Date().toISOString() }, 'identity');
    await until(async () => (await t.sql.query('SELECT 1 FROM catalogue.offline_licences WHERE user_id = $1', [buyer.userId])).rowCount === 0, 10_000, 'the erasure');
    expect(await renew(licence.renewalToken)).toMatchObject({ licence: null, error: { code: 'LICENCE_REVOKED', message: 'Votre compte a été supprimé, ou la leçon retirée du catalogue.' } });
  });
});
