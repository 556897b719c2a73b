import { fail, ok, type Result } from '@lbf/service-kit';
import { validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { isUuid } from '../shared/secrets';

/** The longest reason an administrator may give (as for bans). */
export const DELETION_REASON_MAX_LENGTH = 2000;

/** When an account asked to be deleted at `requestedAt` is erased: at the end of its grace period. */
export function deletionDate(requestedAt: Date, graceSeconds: number): Date {
  return new Date(requestedAt.getTime() + graceSeconds * 1000);
}

export interface AdminDeletionRequest {
  /** Lowercased. */
  userId: string;
  /** Trimmed, never empty. */
  reason: string;
}

/**
 * adminDeleteUser's input: another user's id (an administrator leaves through their own customer
 * area, with their password, never by this back door), and why (required: the person's request, by
 * e-mail, on such day), at most 2000 characters.
 */
export function adminDeletionRequest(adminId: string, input: { userId: string; reason: string }): Result<AdminDeletionRequest> {
  const userId = (input.userId ?? '').trim().toLowerCase();
  const reason = (input.reason ?? '').trim();
  if (!isUuid(userId)) return fail(validationError('userId', messages.userNotFound));
  if (userId === adminId.toLowerCase()) return fail(validationError('userId', messages.cannotDeleteSelf));
  if (!reason) return fail(validationError('reason', messages.deletionReasonRequired));
  if (reason.length > DELETION_REASON_MAX_LENGTH) return fail(validationError('reason', messages.banReasonTooLong));
  return ok({ userId, reason });
}
