import { postOperation } from '@/data/post-operation';
import { toast } from '@/components/ui/toast';
import { offlineLessonsText as t } from '@/i18n/offline-lessons';
import { addNotice, licenceValid, listDownloads, updateDownload } from './downloads-store';
import { removeDownload } from './media-cache';
import RENEW_OFFLINE_LICENCE from './graphql/renew-offline-licence.mutation.graphql';

/**
 * Renews every kept copy's licence (14 more days), silently; no sign-in needed (the renewal token
 * is the credential). A refusal (LICENCE_REVOKED: the purchase refunded, the account banned or
 * deleted) removes the copy and says why, in a toast and in « Mes téléchargements ». Without an
 * answer (offline, a server down) nothing changes: the copy plays until its licence expires.
 */
export async function renewLicences(): Promise<void> {
  dropExpiredKeys();
  for (const record of listDownloads()) {
    const answer = await postOperation(RENEW_OFFLINE_LICENCE, { renewalToken: record.licence.renewalToken }).catch(() => null);
    const result = answer?.data?.renewOfflineLicence;
    if (result?.licence) {
      const { id, renewalToken, key, expiresAt } = result.licence;
      updateDownload(record.videoId, { licence: { id, renewalToken, key, expiresAt } });
    } else if (result?.error?.code === 'LICENCE_REVOKED') {
      await removeDownload(record.videoId);
      const notice = t.revoked(record.title, result.error.message);
      addNotice(notice);
      toast.error(notice);
    }
  }
}

/**
 * A copy whose licence expired (two weeks without a renewal) loses its key: its files stay, still
 * encrypted and unplayable, until a renewal brings the key back (no need to download it again).
 */
export function dropExpiredKeys(now = Date.now()): void {
  for (const record of listDownloads()) {
    if (record.licence.key && !licenceValid(record, now)) updateDownload(record.videoId, { licence: { ...record.licence, key: '' } });
  }
}

let watching = false;

/**
 * Each time the network comes back, and now when `now` (the app's start, main.tsx, when this device
 * keeps a copy; a first download only starts watching, its licence being new).
 */
export function keepLicencesRenewed({ now = true }: { now?: boolean } = {}): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', () => void renewLicences());
  if (now && navigator.onLine) void renewLicences();
  else dropExpiredKeys();
}
