import { CURRENCY } from './money';

/** Payload of catalogue.item.published / updated / deleted (items, the streaming build, the republish command). */
export function itemEvent(item: { id: string; title: string; priceCents: number }, type: 'video' | 'pdf') {
  return { itemId: item.id, itemType: type, title: item.title, priceCents: item.priceCents, currency: CURRENCY, occurredAt: new Date().toISOString() };
}
