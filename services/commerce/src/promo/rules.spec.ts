import type { PromoCode } from '../entities';
import { discountOn, MIN_TOTAL_XAF, normalizeCode, promoCodeInput, refusalOf } from './rules';

const RATE = 656;
const price = (usdCents: number) => ({ usdCents, xaf: Math.floor((usdCents * RATE + 99) / 100) });

const code = (over: Partial<PromoCode> = {}): PromoCode => ({
  id: 'c1',
  code: 'SOLDES',
  kind: 'percent',
  percent: 20,
  amountXaf: null,
  itemIds: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  perCustomerMax: null,
  active: true,
  held: 0,
  createdBy: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe('the discount, computed in FCFA (the currency charged)', () => {
  it('takes a percentage of the FCFA price rounded down to a whole franc, never more than promised', () => {
    // $3.59 = 2356 FCFA (rounded up); 20 % = 471.2 -> 471 off, 1885 to pay.
    expect(discountOn({ kind: 'percent', percent: 20, amountXaf: null }, price(359), RATE)).toEqual({ discountXaf: 471, discountUsdCents: 71, totalXaf: 1885, totalUsdCents: 288 });
    // 33 % of 656 = 216.48 -> 216.
    expect(discountOn({ kind: 'percent', percent: 33, amountXaf: null }, price(100), RATE).discountXaf).toBe(216);
  });

  it('takes a fixed amount of FCFA as it is, its USD equivalent rounded down to the cent', () => {
    // 500 FCFA at 656 = 76.2 cents -> 76.
    expect(discountOn({ kind: 'amount', percent: null, amountXaf: 500 }, price(359), RATE)).toEqual({ discountXaf: 500, discountUsdCents: 76, totalXaf: 1856, totalUsdCents: 283 });
  });

  it('never brings the total below the operators’ minimum, and gives nothing off a price already below it', () => {
    expect(discountOn({ kind: 'amount', percent: null, amountXaf: 5000 }, price(359), RATE)).toMatchObject({ discountXaf: 2356 - MIN_TOTAL_XAF, totalXaf: MIN_TOTAL_XAF });
    expect(discountOn({ kind: 'percent', percent: 99, amountXaf: null }, price(100), RATE)).toMatchObject({ discountXaf: 556, totalXaf: MIN_TOTAL_XAF });
    expect(discountOn({ kind: 'percent', percent: 50, amountXaf: null }, { usdCents: 10, xaf: 66 }, RATE)).toMatchObject({ discountXaf: 0, totalXaf: 66, totalUsdCents: 10 });
  });
});

describe('whether a code applies', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const ctx = { itemId: 'item-1', now, buyerUses: 0 };

  it('refuses an unknown or deactivated code, before its start, from its end, for another item, used up, or past the customer’s cap', () => {
    expect(refusalOf(null, ctx)?.code).toBe('PROMO_INVALID');
    expect(refusalOf(code({ active: false }), ctx)?.code).toBe('PROMO_INVALID');
    expect(refusalOf(code({ startsAt: new Date('2026-11-28T00:00:00Z') }), ctx)?.code).toBe('PROMO_NOT_STARTED');
    expect(refusalOf(code({ endsAt: now }), ctx)?.code).toBe('PROMO_EXPIRED');
    expect(refusalOf(code({ itemIds: ['item-2'] }), ctx)).toEqual({ code: 'PROMO_NOT_ELIGIBLE', message: 'Ce code promo ne s’applique pas à ce contenu.' });
    expect(refusalOf(code({ maxUses: 3, held: 3 }), ctx)?.code).toBe('PROMO_EXHAUSTED');
    expect(refusalOf(code({ perCustomerMax: 1 }), { ...ctx, buyerUses: 1 })?.code).toBe('PROMO_CUSTOMER_LIMIT');
  });

  it('accepts a code within its dates, for its items, with uses left', () => {
    expect(refusalOf(code({ itemIds: ['item-1'], maxUses: 3, held: 2, perCustomerMax: 2, startsAt: new Date('2026-11-01'), endsAt: new Date('2026-12-01') }), { ...ctx, buyerUses: 1 })).toBeNull();
  });
});

describe('an administrator’s code', () => {
  it('is stored upper case, whatever was typed', () => {
    expect(normalizeCode('  soldes-2026 ')).toBe('SOLDES-2026');
    expect(promoCodeInput.parse({ code: 'noel_26', kind: 'AMOUNT', amountXaf: 500 }).code).toBe('NOEL_26');
  });

  it('refuses 100 % (a code never makes an item free), a missing value, a bad code and dates out of order', () => {
    expect(promoCodeInput.safeParse({ code: 'GRATUIT', kind: 'PERCENT', percent: 100 }).success).toBe(false);
    expect(promoCodeInput.safeParse({ code: 'VIDE', kind: 'AMOUNT' }).success).toBe(false);
    expect(promoCodeInput.safeParse({ code: 'a b', kind: 'PERCENT', percent: 10 }).success).toBe(false);
    expect(promoCodeInput.safeParse({ code: 'DATES', kind: 'PERCENT', percent: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }).success).toBe(false);
  });
});
