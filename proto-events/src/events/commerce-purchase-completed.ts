import { z } from 'zod';
import { defineEvent } from '../define';
import { soldItem } from './item';

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
    ...soldItem,
    amountUsdCents: z.number().int().min(0),
    amountXaf: z.number().int().min(0),
    /**
     * The promo code the order was charged with: `amountUsdCents`/`amountXaf` are then the amounts
     * after its discount, shown here in both currencies for the receipt. Optional and added within
     * version 1 (older events, and orders without a code, lack it).
     */
    promo: z
      .object({
        code: z.string().min(1).max(40),
        discountXaf: z.number().int().min(0),
        discountUsdCents: z.number().int().min(0),
      })
      .optional(),
    /**
     * Paid through a « Payer pour moi » link by someone else (the buyer is the link's requester):
     * the payer's first name and e-mail when they gave them on the link's page (the requester is
     * told who paid; the payer gets a receipt). Optional and added within version 1.
     */
    payLink: z
      .object({
        payerName: z.string().min(1).max(60).nullable(),
        payerEmail: z.email().nullable(),
      })
      .optional(),
    /**
     * « Offrir »: the buyer paid for someone else. The buyer does NOT own the item: whoever claims the
     * gift does (commerce.gift.claimed). Optional and added within version 1 (older events lack it).
     */
    gift: z.boolean().optional(),
    /** Who took the money: a provider, or `manual` for an administrator's grant. */
    provider: z.enum(['orange', 'mtn', 'notchpay', 'manual']),
    /** The operator's transaction id (MoMo financialTransactionId, Orange txnid, NotchPay reference); null for a grant. */
    operatorTransactionId: z.string().nullable(),
    completedAt: z.iso.datetime(),
  }),
});
