import { z } from 'zod';
import { defineEvent } from '../define';
import { itemType } from './item';

/** An administrator marked a completed order refunded: the buyer loses the item (entitlement revoked). */
export const commercePurchaseRefunded = defineEvent({
  subject: 'commerce.purchase.refunded',
  version: 1,
  schema: z.object({
    orderId: z.uuid(),
    buyerId: z.uuid(),
    itemId: z.uuid(),
    itemType,
    amountXaf: z.number().int().min(0),
    reason: z.string().min(1),
    adminId: z.uuid(),
    refundedAt: z.iso.datetime(),
  }),
});
