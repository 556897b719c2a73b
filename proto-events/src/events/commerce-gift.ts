import { z } from 'zod';
import { defineEvent } from '../define';
import { soldItem } from './item';

/**
 * « Offrir »: a paid gift's claim link for a recipient named by e-mail (a new one each time the buyer
 * asks « Renvoyer »: the previous link stops working). Carries the link's token because messaging sends
 * the mail; commerce stores only its token's hash. Sensitive: the outbox row is deleted once published
 * and the stream keeps the message one day, long enough for the mail (the buyer can resend later).
 */
export const commerceGiftSent = defineEvent({
  subject: 'commerce.gift.sent',
  version: 1,
  schema: z.object({
    giftId: z.uuid(),
    orderId: z.uuid(),
    buyerId: z.uuid(),
    /** The buyer's first name as identity registered it, when commerce knows it. */
    buyerFirstName: z.string().min(1).max(100).nullable(),
    recipientEmail: z.email(),
    ...soldItem,
    /** The buyer's words to the recipient (at most 300 characters), empty when none. */
    message: z.string().max(300),
    /** The claim link's secret: the link is {the site}/cadeau/{claimToken}, which messaging builds with its public URL. */
    claimToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    sentAt: z.iso.datetime(),
  }),
  sensitive: { retentionMs: 24 * 60 * 60 * 1000 },
});

/**
 * A gift was received: its claimer owns the item for life from now on (the gift's order, keyed by
 * its id as a purchase is). Emitted once per gift, in the transaction that records the claim.
 */
export const commerceGiftClaimed = defineEvent({
  subject: 'commerce.gift.claimed',
  version: 1,
  schema: z.object({
    giftId: z.uuid(),
    orderId: z.uuid(),
    receiptNumber: z.string().min(1),
    buyerId: z.uuid(),
    claimerId: z.uuid(),
    claimerEmail: z.email(),
    /** The claimer's name ('Prénom Nom') as identity registered it, when commerce knows it: what a stamped guide names. */
    claimerName: z.string().min(1).max(200).optional(),
    ...soldItem,
    claimedAt: z.iso.datetime(),
  }),
});
