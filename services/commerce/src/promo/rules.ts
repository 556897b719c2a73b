import { z } from 'zod';
import type { PromoCode } from '../entities';
import type { CommerceErrorCode } from '../shared/errors';
import { PROMO_ERRORS } from '../shared/messages';

/**
 * The smallest total a code may leave (FCFA): the smallest mobile-money payment the operators take.
 * A code never makes an item free: a percentage is at most 99 % and any discount stops at this
 * floor (an administrator gives an item away with « Accorder » on the order, which is journaled).
 */
export const MIN_TOTAL_XAF = 100;

/** What a code takes off a price, in both currencies, and what is left to pay. */
export interface Discount {
  discountXaf: number;
  discountUsdCents: number;
  totalXaf: number;
  totalUsdCents: number;
}

/**
 * The discount on a price (list price in whole FCFA as charged, and its USD cents), computed in
 * FCFA, the currency charged: a percentage of the FCFA price rounded DOWN to a whole franc (never
 * more off than promised), a fixed amount as it is; then capped so that MIN_TOTAL_XAF is left (a
 * price already below it gets nothing off). The USD figures are the FCFA discount at the rate,
 * rounded down to the cent, shown beside it (the charge is always the FCFA total).
 */
export function discountOn(code: Pick<PromoCode, 'kind' | 'percent' | 'amountXaf'>, price: { xaf: number; usdCents: number }, xafPerUsd: number): Discount {
  const wanted = code.kind === 'percent' ? Math.floor((price.xaf * (code.percent ?? 0)) / 100) : (code.amountXaf ?? 0);
  const discountXaf = Math.max(0, Math.min(wanted, price.xaf - MIN_TOTAL_XAF));
  const discountUsdCents = Math.min(price.usdCents, Math.floor((discountXaf * 100) / xafPerUsd));
  return { discountXaf, discountUsdCents, totalXaf: price.xaf - discountXaf, totalUsdCents: price.usdCents - discountUsdCents };
}

/** A code as customers type it: trimmed, upper case. */
export function normalizeCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export type PromoRefusal = { code: CommerceErrorCode; message: string };

/** What a checkout knows when it checks a code: the item, the time, the buyer's uses of it (other orders, reserved or paid). */
export interface PromoContext {
  itemId: string;
  now: Date;
  buyerUses: number | null;
}

/**
 * Whether a code applies, in the order a customer would want to hear it: unknown or deactivated,
 * not started, ended, not for this item, used up, the customer's cap. `held` is read under the
 * code's row lock at checkout (the conditional UPDATE is the final word on the last use).
 */
export function refusalOf(code: PromoCode | null, ctx: PromoContext): PromoRefusal | null {
  if (!code || !code.active) return { code: 'PROMO_INVALID', message: PROMO_ERRORS.INVALID };
  if (code.startsAt && ctx.now < code.startsAt) return { code: 'PROMO_NOT_STARTED', message: PROMO_ERRORS.NOT_STARTED };
  if (code.endsAt && ctx.now >= code.endsAt) return { code: 'PROMO_EXPIRED', message: PROMO_ERRORS.EXPIRED };
  if (code.itemIds && code.itemIds.length && !code.itemIds.includes(ctx.itemId)) return { code: 'PROMO_NOT_ELIGIBLE', message: PROMO_ERRORS.NOT_ELIGIBLE };
  if (code.maxUses !== null && code.held >= code.maxUses) return { code: 'PROMO_EXHAUSTED', message: PROMO_ERRORS.EXHAUSTED };
  if (code.perCustomerMax !== null && ctx.buyerUses !== null && ctx.buyerUses >= code.perCustomerMax) return { code: 'PROMO_CUSTOMER_LIMIT', message: PROMO_ERRORS.CUSTOMER_LIMIT };
  return null;
}

const optionalDate = z.iso.datetime({ offset: true, message: PROMO_ERRORS.DATE_INVALID }).nullish();
const positive = (message: string) => z.number().int({ message }).positive({ message }).max(1_000_000_000, { message }).nullish();

/** An administrator's code, checked at the edge (zod), with the French words on each field. */
export const promoCodeInput = z
  .object({
    code: z
      .string()
      .transform(normalizeCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,32}$/, { message: PROMO_ERRORS.CODE_FORMAT })),
    kind: z.enum(['PERCENT', 'AMOUNT']),
    percent: z.number().int({ message: PROMO_ERRORS.PERCENT_RANGE }).min(1, { message: PROMO_ERRORS.PERCENT_RANGE }).max(99, { message: PROMO_ERRORS.PERCENT_RANGE }).nullish(),
    amountXaf: positive(PROMO_ERRORS.AMOUNT_INVALID),
    itemIds: z.array(z.uuid()).max(500).nullish(),
    startsAt: optionalDate,
    endsAt: optionalDate,
    maxUses: positive(PROMO_ERRORS.COUNT_INVALID),
    perCustomerMax: positive(PROMO_ERRORS.COUNT_INVALID),
    active: z.boolean().nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'PERCENT' && !v.percent) ctx.addIssue({ code: 'custom', message: PROMO_ERRORS.PERCENT_RANGE, path: ['percent'] });
    if (v.kind === 'AMOUNT' && !v.amountXaf) ctx.addIssue({ code: 'custom', message: PROMO_ERRORS.AMOUNT_INVALID, path: ['amountXaf'] });
    if (v.startsAt && v.endsAt && new Date(v.startsAt) >= new Date(v.endsAt)) ctx.addIssue({ code: 'custom', message: PROMO_ERRORS.DATES_ORDER, path: ['endsAt'] });
  });

export type PromoCodeInput = z.infer<typeof promoCodeInput>;

/** The row's fields from a checked input (the kind decides which value is kept). */
export function codeFields(v: PromoCodeInput): Pick<PromoCode, 'code' | 'kind' | 'percent' | 'amountXaf' | 'itemIds' | 'startsAt' | 'endsAt' | 'maxUses' | 'perCustomerMax'> & { active: boolean | null } {
  const percent = v.kind === 'PERCENT';
  return {
    code: v.code,
    kind: percent ? 'percent' : 'amount',
    percent: percent ? v.percent! : null,
    amountXaf: percent ? null : v.amountXaf!,
    itemIds: v.itemIds && v.itemIds.length ? [...new Set(v.itemIds)] : null,
    startsAt: v.startsAt ? new Date(v.startsAt) : null,
    endsAt: v.endsAt ? new Date(v.endsAt) : null,
    maxUses: v.maxUses ?? null,
    perCustomerMax: v.perCustomerMax ?? null,
    active: v.active ?? null,
  };
}
