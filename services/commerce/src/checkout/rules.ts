import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ItemKind } from '../entities';
import type { ProviderName } from '../providers';

/** Our reference, generated and stored before the provider hears of it. */
export function attemptReference(provider: ProviderName, orderId: string, number: number): string {
  // MoMo wants a uuid4 X-Reference-Id; NotchPay and Orange take ours: `<orderId>-a<n>`.
  return provider === 'mtn' ? randomUUID() : `${orderId}-a${number}`;
}

/** The SDL's ItemType, as the inputs that name an item take it. */
export const itemTypeInput = z.enum(['VIDEO', 'PDF']);

/** The SDL's ItemType as the price list and orders store it. */
export function itemKind(itemType: z.infer<typeof itemTypeInput>): ItemKind {
  return itemType === 'VIDEO' ? 'video' : 'pdf';
}
