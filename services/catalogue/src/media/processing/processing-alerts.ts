import type { Tx } from '@lbf/service-kit';
import { closeProcessingAlert, openProcessingAlert } from '../store';

/**
 * Failed processing jobs on the back-office bell: one `processing` alert per video (alertId
 * `processing:<videoId>`), raised when a build of the video ends FAILED (a file ffmpeg cannot read,
 * or the last retry of a transient error), and cleared when a later build makes it READY or the
 * video is deleted. Retrying does not clear it: the video still has no good ladder until the
 * retry succeeds, and a retry failing again raises nothing new.
 *
 * The open alert is `videos.processing_alert_at` (null = none). Raising and clearing are
 * conditional updates of that row, with the event written to the outbox, in the transaction of the
 * state change that causes them, so only a real transition emits.
 *
 * PDFs have no processing job (the page count is read when the file is taken; nothing runs later
 * that could fail), so they raise nothing.
 */

/** Where the bell's item leads: the videos page showing this video and its processing state (web/src/admin/videos reads `?video=`). */
export const videosHref = (videoId: string) => `/admin/videos?video=${encodeURIComponent(videoId)}`;

export const processingAlertId = (videoId: string) => `processing:${videoId}`;

/** « Échec du traitement : <titre> », within the event's 200 characters. */
export function processingAlertTitle(title: string): string {
  const text = `Échec du traitement : ${title.trim()}`;
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

/** Opens the video's alert if it is failed and none is open; true when raised now. */
export async function raiseProcessingAlert(tx: Tx, videoId: string): Promise<boolean> {
  const title = await openProcessingAlert(tx.manager, videoId);
  if (title === null) return false;
  await tx.emit('catalogue.admin_alert.raised', {
    alertId: processingAlertId(videoId),
    kind: 'processing',
    title: processingAlertTitle(title),
    href: videosHref(videoId),
    occurredAt: new Date().toISOString(),
  });
  return true;
}

/** Closes the video's alert if one is open (ready again, or about to be deleted); true when cleared now. */
export async function clearProcessingAlert(tx: Tx, videoId: string): Promise<boolean> {
  if (!(await closeProcessingAlert(tx.manager, videoId))) return false;
  await tx.emit('catalogue.admin_alert.cleared', { alertId: processingAlertId(videoId), kind: 'processing', occurredAt: new Date().toISOString() });
  return true;
}
