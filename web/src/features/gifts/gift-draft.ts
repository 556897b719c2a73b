/** What the payment dialog's « Offrir ce contenu » holds until « Payer »: how to reach the person, and the message. */
export interface GiftDraft {
  kind: 'email' | 'phone';
  recipient: string;
  message: string;
}

/** The longest message commerce takes. */
export const GIFT_MESSAGE_MAX = 300;

export const EMPTY_GIFT: GiftDraft = { kind: 'email', recipient: '', message: '' };

/** startCheckout's `gift` input for a draft (commerce checks the address or number). */
export function giftInputOf(draft: GiftDraft): { recipientEmail: string | null; recipientPhone: string | null; message: string } {
  const recipient = draft.recipient.trim();
  return { recipientEmail: draft.kind === 'email' ? recipient : null, recipientPhone: draft.kind === 'phone' ? recipient : null, message: draft.message.trim() };
}
