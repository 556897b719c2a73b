import { fail, ok, type Result } from '@lbf/service-kit';
import { validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { isUuid } from '../shared/secrets';
import { DELETION_REASON_MAX_LENGTH } from '../deletion/rules';

/** One export per person per this many hours, whoever asks (the person or an administrator for them). */
export const EXPORT_INTERVAL_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * Whole hours (never 0) before the person may ask again, or null when they may now: the last
 * request at `lastRequestedAt` (null: never) holds the next one back for EXPORT_INTERVAL_HOURS.
 */
export function hoursBeforeNextExport(lastRequestedAt: Date | null, now: Date): number | null {
  if (!lastRequestedAt) return null;
  const left = lastRequestedAt.getTime() + EXPORT_INTERVAL_HOURS * HOUR_MS - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / HOUR_MS)) : null;
}

export interface AdminExportRequest {
  /** Lowercased. */
  userId: string;
  /** Trimmed, never empty. */
  reason: string;
}

/**
 * adminRequestDataExport's input: whose data (an id), and why (required: the person's request, by
 * e-mail, on such day), at most as long as a deletion's reason. The archive goes to the person, never
 * to the administrator: asking for oneself is allowed (it is one's own data either way).
 */
export function adminExportRequest(input: { userId: string; reason: string }): Result<AdminExportRequest> {
  const userId = (input.userId ?? '').trim().toLowerCase();
  const reason = (input.reason ?? '').trim();
  if (!isUuid(userId)) return fail(validationError('userId', messages.userNotFound));
  if (!reason) return fail(validationError('reason', messages.exportReasonRequired));
  if (reason.length > DELETION_REASON_MAX_LENGTH) return fail(validationError('reason', messages.banReasonTooLong));
  return ok({ userId, reason });
}
