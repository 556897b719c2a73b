import { paths } from '@/app/route-manifest';
import type { ItemType, PaymentMethod } from '@/generated/graphql';

export type { ItemType, PaymentMethod };

/** What a payment button sells: enough to show it in the dialog and to come back to it after sign-in. */
export interface CheckoutItem {
  id: string;
  type: ItemType;
  title: string;
  /** The catalogue's price, shown until commerce's quote answers. */
  priceCents: number;
  /** True when the viewer already owns it (catalogue's `purchased`). */
  purchased?: boolean;
  /** Where the item lives on the site (/video/{id}, /pdfs#pdf-{id}): /auth brings a visitor back here. */
  path: string;
}

/** The spec's order of the three buttons. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['ORANGE', 'MTN', 'NOTCHPAY'];

/** Each brand's colour, as a small mark beside its name. */
export const METHOD_MARKS: Record<PaymentMethod, string> = {
  ORANGE: 'bg-orange-500',
  MTN: 'bg-yellow-400',
  NOTCHPAY: 'bg-indigo-600',
};

/** The path of an item's page, for the dialog's return link and /auth?next=. */
export function itemPath(type: ItemType, id: string): string {
  return type === 'VIDEO' ? paths.videoShort(id) : `${paths.pdfs()}#pdf-${id}`;
}
