import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * An order was paid (the provider said so) or granted by an administrator: the buyer owns the
 * item for life from now on. Emitted once per order, in the transaction that completes it.
 * Amounts: what the catalogue price was in USD cents, and the whole XAF (FCFA) charged.
 */
export const commercePurchaseCompleted = defineEvent({
  subject: 'commerce.purchase.completed',
  version: 1,
  schema: z.object({
    orderId: z.uuid(),
    receiptNumber: z.string().min(1),
    buyerId: z.uuid(),
    buyerEmail: z.email(),
    /**
     * The buyer's name ('Prénom Nom') as identity registered it, when commerce knows it: printed on
     * their stamped copy of a guide. Optional and added within version 1 (older events lack it).
     */
    buyerName: z.string().min(1).max(200).optional(),
    itemId: z.uuid(),
    itemType: z.enum(['video', 'pdf']),
    itemTitle: z.string().min(1),
    amountUsdCents: z.number().int().min(0),
    amountXaf: z.number().int().min(0),
    /** Who took the money: a provider, or `manual` for an administrator's grant. */
    provider: z.enum(['orange', 'mtn', 'notchpay', 'manual']),
    /** The operator's transaction id (MoMo financialTransactionId, Orange txnid, NotchPay reference); null for a grant. */
    operatorTransactionId: z.string().nullable(),
    completedAt: z.iso.datetime(),
  }),
});
