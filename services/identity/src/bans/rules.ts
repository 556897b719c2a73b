import { fail, ok, type Result } from '@lbf/service-kit';
import { validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { isUuid } from '../shared/secrets';

export const BAN_REASON_MAX_LENGTH = 2000;

export interface BanRequest {
  /** Lowercased. */
  userId: string;
  /** Trimmed. */
  reason: string;
}

function normalise(input: { userId: string; reason: string }): BanRequest {
  return { userId: (input.userId ?? '').trim().toLowerCase(), reason: (input.reason ?? '').trim() };
}

/** banUser's input: a user's id (never the administrator's own), a reason of at most 2000 characters (may be empty). */
export function banRequest(adminId: string, input: { userId: string; reason: string }): Result<BanRequest> {
  const r = normalise(input);
  if (!isUuid(r.userId)) return fail(validationError('userId', messages.userNotFound));
  if (r.userId === adminId) return fail(validationError('userId', messages.cannotBanSelf));
  if (r.reason.length > BAN_REASON_MAX_LENGTH) return fail(validationError('reason', messages.banReasonTooLong));
  return ok(r);
}

/** unbanUser's input: a user's id and a reason, required, of at most 2000 characters. */
export function unbanRequest(input: { userId: string; reason: string }): Result<BanRequest> {
  const r = normalise(input);
  if (!isUuid(r.userId)) return fail(validationError('userId', messages.userNotFound));
  if (!r.reason) return fail(validationError('reason', messages.unbanReasonRequired));
  if (r.reason.length > BAN_REASON_MAX_LENGTH) return fail(validationError('reason', messages.banReasonTooLong));
  return ok(r);
}
