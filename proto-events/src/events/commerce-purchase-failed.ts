import { z } from 'zod';
import { defineEvent } from '../define';
import { itemType } from './item';

/** A payment attempt ended without money (declined, insufficient funds, expired, canceled). The order may be retried. */
export const commercePurchaseFailed = defineEvent({
  subject: 'commerce.purchase.failed',
  version: 1,
  schema: z.object({
    orderId: z.uuid(),
    attemptId: z.uuid(),
    buyerId: z.uuid(),
    itemId: z.uuid(),
    itemType,
    amountXaf: z.number().int().min(0),
    provider: z.enum(['orange', 'mtn', 'notchpay']),
    /** Where the attempt ended. */
    outcome: z.enum(['failed', 'expired', 'canceled']),
    /** The provider's reason code when it gave one (e.g. NOT_ENOUGH_FUNDS, APPROVAL_REJECTED). */
    reasonCode: z.string().nullable(),
    failedAt: z.iso.datetime(),
  }),
});
