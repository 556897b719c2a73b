import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Account deletion (issue 23 point 3), in three steps. No personal data in any of them: the stream
 * keeps a month of events, and a deletion is precisely the wish that nothing about the person stays.
 *
 * - `identity.user.deletion_requested`: the person (password re-entered) or an administrator (on the
 *   person's request, with a reason kept by identity) asked for it. The account keeps working until
 *   `scheduledFor`, the end of the grace period (proto-events RETENTION.deletionDays by default);
 *   signing in meanwhile offers to cancel. `requestedBy` is the administrator's id, null when the
 *   person asked themself.
 * - `identity.user.deletion_cancelled`: the person cancelled it during the grace period; nothing is erased.
 * - `identity.user.deleted`: identity erased the account at the end of the grace period (in the same
 *   transaction as this event). Every service erases or pseudonymises what it holds about `userId`
 *   when it hears it, once (its inbox), keeping only what the law requires (orders and receipts,
 *   pseudonymised).
 */
export const identityUserDeletionRequested = defineEvent({
  subject: 'identity.user.deletion_requested',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    requestedBy: z.uuid().nullable(),
    requestedAt: z.iso.datetime(),
    scheduledFor: z.iso.datetime(),
  }),
});

export const identityUserDeletionCancelled = defineEvent({
  subject: 'identity.user.deletion_cancelled',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    cancelledAt: z.iso.datetime(),
  }),
});

export const identityUserDeleted = defineEvent({
  subject: 'identity.user.deleted',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    deletedAt: z.iso.datetime(),
  }),
});
