import { ok, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { ItemKind } from '../entities';
import { refused } from '../shared/errors';
import { GIFT_ERRORS } from '../shared/messages';
import { recipientPhone } from '../shared/phone';
import { GIFT_MESSAGE_MAX } from './rules';
import { saveGiftDetails } from './store';

/** « Offrir » in the payment dialog: whom (an e-mail or a phone number) and a short message. */
export const giftInput = z.object({
  recipientEmail: z.string().max(254).nullish(),
  recipientPhone: z.string().max(40).nullish(),
  message: z.string().max(GIFT_MESSAGE_MAX, { message: GIFT_ERRORS.MESSAGE_TOO_LONG }).nullish(),
});

export interface GiftDetails {
  recipientEmail: string | null;
  recipientPhone: string | null;
  message: string;
}

/** The recipient checked (one of e-mail or phone, well formed), the message trimmed. */
export function checkGift(input: z.infer<typeof giftInput>): Result<GiftDetails> {
  const email = input.recipientEmail?.trim().toLowerCase() || null;
  const phone = input.recipientPhone?.trim() || null;
  const message = input.message?.trim() ?? '';
  if (!email && !phone) return refused('GIFT_RECIPIENT_REQUIRED', GIFT_ERRORS.RECIPIENT_REQUIRED, { field: 'recipientEmail' });
  if (email) {
    if (!z.email().safeParse(email).success) return refused('GIFT_RECIPIENT_REQUIRED', GIFT_ERRORS.EMAIL_INVALID, { field: 'recipientEmail' });
    return ok({ recipientEmail: email, recipientPhone: null, message });
  }
  const e164 = recipientPhone(phone!);
  if (!e164) return refused('GIFT_RECIPIENT_REQUIRED', GIFT_ERRORS.PHONE_INVALID, { field: 'recipientPhone' });
  return ok({ recipientEmail: null, recipientPhone: e164, message });
}

/** In « Payer »'s transaction, once the gift order has a new attempt: whom it is for and the message (the latest attempt's). */
export async function recordGiftDetails(
  manager: EntityManager,
  g: GiftDetails & { orderId: string; buyerId: string; itemId: string; itemType: ItemKind; at: Date },
): Promise<void> {
  await saveGiftDetails(manager, { id: randomUUID(), ...g });
}
