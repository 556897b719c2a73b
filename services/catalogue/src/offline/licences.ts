import { ok, type Result } from '@lbf/service-kit';
import { ownsItem } from '../entitlements';
import { findVideo } from '../items';
import { videoKeyOf } from '../playback';
import type { CatalogueDeps } from '../shared/deps';
import { messages, refused } from '../shared/errors';
import { hashSecret, licenceExpiry, newSecret, parseRenewalToken, renewalToken, secretMatches, type RevokedReason } from './rules';
import { insertLicence, isBanned, licenceById, renewLicence, revokeLicence } from './store';

export interface OfflineLicenceView {
  id: string;
  videoId: string;
  renewalToken: string;
  /** base64 of the 16-byte AES-128 key. */
  key: string;
  expiresAt: string;
  hlsVersion: number;
}

type Deps = Pick<CatalogueDeps, 'ds'>;

const revokedMessage: Record<RevokedReason, string> = { refunded: messages.licenceRefunded, banned: messages.licenceBanned };

/**
 * offlineLicence: a signed-in owner's licence for an offline copy of a video: the video's key, with
 * an expiry 14 days ahead, and a renewal token (a new licence per copy). Only a live entitlement
 * counts (an administrator who did not buy the lesson streams it, but keeps no copy).
 */
export async function grantOfflineLicence(deps: Deps, userId: string, videoId: string, now = new Date()): Promise<Result<OfflineLicenceView>> {
  const video = await findVideo(deps, videoId);
  if (!video) return refused('NOT_FOUND', messages.videoNotFound);
  if (video.hlsVersion === null) return refused('NOT_READY', messages.videoNotReady);
  if (await isBanned(deps.ds.manager, userId)) return refused('LICENCE_REVOKED', messages.licenceBanned);
  if (!(await ownsItem(deps.ds, userId, video.id))) return refused('NOT_PURCHASED', messages.offlineNotPurchased);
  const key = await videoKeyOf(deps.ds.manager, video.id);
  if (!key) return refused('NOT_READY', messages.videoNotReady);
  const secret = newSecret();
  const expiresAt = licenceExpiry(now);
  const row = await insertLicence(deps.ds.manager, { userId, videoId: video.id, secretHash: hashSecret(secret), hlsVersion: video.hlsVersion, expiresAt, now });
  return ok({ id: row.id, videoId: video.id, renewalToken: renewalToken(row.id, secret), key: key.toString('base64'), expiresAt: expiresAt.toISOString(), hlsVersion: video.hlsVersion });
}

/**
 * renewOfflineLicence: 14 more days for a licence whose holder is not banned and still owns the
 * lesson, read now (a refund or a ban is seen at the next renewal; the refusal is recorded on the
 * row). A licence that no longer exists was erased with its account (or its video deleted).
 */
export async function renewOfflineLicence(deps: Deps, token: string, now = new Date()): Promise<Result<OfflineLicenceView>> {
  const parsed = parseRenewalToken(token);
  if (!parsed) return refused('VALIDATION', messages.invalidRenewalToken, 'renewalToken');
  const db = deps.ds.manager;
  const row = await licenceById(db, parsed.licenceId);
  if (!row) return refused('LICENCE_REVOKED', messages.licenceGone);
  if (!secretMatches(parsed.secret, row.secretHash)) return refused('VALIDATION', messages.invalidRenewalToken, 'renewalToken');
  if (row.revokedReason) return refused('LICENCE_REVOKED', revokedMessage[row.revokedReason]);
  const reason: RevokedReason | null = (await isBanned(db, row.userId)) ? 'banned' : !(await ownsItem(deps.ds, row.userId, row.videoId)) ? 'refunded' : null;
  if (reason) {
    await revokeLicence(db, row.id, reason, now);
    return refused('LICENCE_REVOKED', revokedMessage[reason]);
  }
  const [video, key] = await Promise.all([findVideo(deps, row.videoId), videoKeyOf(db, row.videoId)]);
  if (!video || video.hlsVersion === null || !key) return refused('LICENCE_REVOKED', messages.licenceGone);
  const expiresAt = licenceExpiry(now);
  await renewLicence(db, row.id, expiresAt, now);
  return ok({ id: row.id, videoId: row.videoId, renewalToken: token, key: key.toString('base64'), expiresAt: expiresAt.toISOString(), hlsVersion: video.hlsVersion });
}
