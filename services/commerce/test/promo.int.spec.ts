import { readSpreadsheetCsv, withHarness, type TestUser } from '@lbf/service-kit/testing';
import { settle } from '../src/settlement';
import { CHECK_PAYMENT, commerceHarness, until } from './harness';

const CODE_FIELDS = `id code kind percent amountXaf items { id title } startsAt endsAt maxUses perCustomerMax active usedCount reservedCount revenue { xaf usdCents } discountTotal { xaf usdCents }`;
const CREATE = `mutation($input: PromoCodeInput!) { adminCreatePromoCode(input: $input) { promoCode { ${CODE_FIELDS} } error { code message field } } }`;
const UPDATE = `mutation($id: ID!, $input: PromoCodeInput!) { adminUpdatePromoCode(id: $id, input: $input) { promoCode { ${CODE_FIELDS} } error { code message field } } }`;
const SET_ACTIVE = `mutation($id: ID!, $active: Boolean!) { adminSetPromoCodeActive(id: $id, active: $active) { promoCode { ${CODE_FIELDS} } error { code message field } } }`;
const LIST = `{ adminPromoCodes { ${CODE_FIELDS} } }`;
const QUOTE = `query($itemId: ID!, $itemType: ItemType!, $promoCode: String) { checkoutQuote(itemId: $itemId, itemType: $itemType, promoCode: $promoCode) {
  price { xaf usdCents } total { xaf usdCents } promo { code listPrice { xaf usdCents } discount { xaf usdCents } total { xaf usdCents } } error { code message field } } }`;
const ORDER_PROMO = `query($id: ID!) { order(id: $id) { status amount { xaf usdCents } promo { code discount { xaf usdCents } listPrice { xaf usdCents } } } }`;

describe('promo codes', () => {
  const t = withHarness(() => commerceHarness());
  const admin = () => t.newUser({ admin: true });
  let n = 0;
  const text = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`.toUpperCase();

  async function createCode(input: Record<string, unknown>) {
    const res = await t.gql(CREATE, { input: { kind: 'PERCENT', percent: 20, ...input } }, admin());
    const payload = res.data!.adminCreatePromoCode;
    if (payload.error) throw new Error(JSON.stringify(payload.error));
    return payload.promoCode as { id: string; code: string };
  }
  const codeRow = async (id: string) => (await t.gql(LIST, {}, admin())).data!.adminPromoCodes.find((c: { id: string }) => c.id === id);
  const pay = (user: TestUser, itemId: string, promoCode: string | null, phone = '677123456') => t.startCheckout(user, { itemId, itemType: 'VIDEO', method: 'MTN', phone, promoCode });

  it('the server computes the price: the quote and the charge both take the code off the FCFA price, and the order, the event and the CSV keep it', async () => {
    const itemId = await t.publishItem({ priceCents: 359 });
    const code = await createCode({ code: text('soldes'), percent: 20 });
    const buyer = t.newUser();
    await t.registerBuyer(buyer);
    const quote = (await t.gql(QUOTE, { itemId, itemType: 'VIDEO', promoCode: code.code.toLowerCase() }, buyer)).data!.checkoutQuote;
    expect(quote).toEqual({
      price: { xaf: 2356, usdCents: 359 },
      total: { xaf: 1885, usdCents: 288 },
      promo: { code: code.code, listPrice: { xaf: 2356, usdCents: 359 }, discount: { xaf: 471, usdCents: 71 }, total: { xaf: 1885, usdCents: 288 } },
      error: null,
    });
    const events = await t.events(['commerce.purchase.completed']);
    const { order } = await pay(buyer, itemId, ` ${code.code.toLowerCase()} `);
    expect(order).toMatchObject({ status: 'PENDING', amount: { xaf: 1885, usdCents: 288 } });
    expect(t.fakes.mtn.payments.get(order!.attempt.reference)!.request.amountXaf).toBe(1885);
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 0, reservedCount: 1 });

    t.fakes.mtn.settleAt(order!.attempt.reference, 'completed', null, 'FT-PROMO');
    await t.gql(CHECK_PAYMENT, { orderId: order!.id }, buyer);
    expect((await t.gql(ORDER_PROMO, { id: order!.id }, buyer)).data!.order).toEqual({
      status: 'COMPLETED',
      amount: { xaf: 1885, usdCents: 288 },
      promo: { code: code.code, discount: { xaf: 471, usdCents: 71 }, listPrice: { xaf: 2356, usdCents: 359 } },
    });
    await until(() => (events.received.some((e) => e.data.orderId === order!.id) ? true : null), 5000, 'purchase.completed');
    expect(events.received.find((e) => e.data.orderId === order!.id)!.data).toMatchObject({ amountXaf: 1885, promo: { code: code.code, discountXaf: 471, discountUsdCents: 71 } });
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 1, reservedCount: 0, revenue: { xaf: 1885, usdCents: 288 }, discountTotal: { xaf: 471, usdCents: 71 } });
    const csv = (await t.gql(`{ exportOrdersCsv(filter: { search: "${order!.id}" }) }`, {}, admin())).data!.exportOrdersCsv as string;
    expect(readSpreadsheetCsv(csv).records).toEqual([expect.objectContaining({ 'Montant (FCFA)': '1885', 'Code promo': code.code, 'Remise (FCFA)': '471' })]);
  });

  it('refuses on the field, in French, a code unknown, deactivated, not started, ended, or for other items; nothing is reserved', async () => {
    const itemId = await t.publishItem();
    const other = await t.publishItem();
    const buyer = t.newUser();
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const past = { startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endsAt: new Date(Date.now() - 86_400_000).toISOString() };
    const cases: Array<[string, string]> = [
      ['INCONNU-XYZ', "Ce code promo n'est pas valide."],
      [(await createCode({ code: text('off'), active: false })).code, "Ce code promo n'est pas valide."],
      [(await createCode({ code: text('later'), startsAt: soon })).code, "Ce code promo n'est pas encore valable."],
      [(await createCode({ code: text('gone'), ...past })).code, 'Ce code promo a expiré.'],
      [(await createCode({ code: text('other'), itemIds: [other] })).code, 'Ce code promo ne s’applique pas à ce contenu.'],
    ];
    for (const [typed, message] of cases) {
      expect((await pay(buyer, itemId, typed)).error).toMatchObject({ message, field: 'promoCode' });
      expect((await t.gql(QUOTE, { itemId, itemType: 'VIDEO', promoCode: typed }, buyer)).data!.checkoutQuote).toMatchObject({ promo: null, error: { message, field: 'promoCode' } });
    }
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM commerce.orders WHERE buyer_id = $1`, [buyer.userId])).rows[0].n).toBe(0);
    // Without the code, the same customer pays the full price.
    expect((await pay(buyer, itemId, null)).order!.amount).toEqual({ usdCents: 359, xaf: 2356 });
  });

  it('two customers racing for the last use of a code: exactly one gets it, one payment, one purchase', async () => {
    const itemId = await t.publishItem({ priceCents: 500 });
    const code = await createCode({ code: text('last'), kind: 'AMOUNT', percent: null, amountXaf: 1000, maxUses: 1 });
    const events = await t.events(['commerce.purchase.completed']);
    const buyers = Array.from({ length: 4 }, () => t.newUser());
    const results = await Promise.all(buyers.map((b, i) => pay(b, itemId, code.code, `67712345${i}`)));
    const winners = results.filter((r) => r.order);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.order!.amount.xaf).toBe(3280 - 1000);
    for (const lost of results.filter((r) => !r.order)) {
      expect(lost.error).toEqual({ code: 'PROMO_EXHAUSTED', message: 'Ce code promo a atteint son nombre maximal d’utilisations.', field: 'promoCode' });
    }
    // Every attempt of every customer, paid at once: only the winner's was ever charged.
    const order = winners[0]!.order!;
    t.fakes.mtn.settleAt(order.attempt.reference, 'completed');
    await Promise.all([settle(t.app.deps, order.attempt.id, { outcome: 'completed' }), settle(t.app.deps, order.attempt.id, { outcome: 'completed' })]);
    await until(() => (events.received.some((e) => e.data.orderId === order.id) ? true : null), 5000, 'purchase.completed');
    const withCode = await t.sql.query(`SELECT status FROM commerce.orders WHERE promo_code_id = $1`, [code.id]);
    expect(withCode.rows).toEqual([{ status: 'completed' }]);
    expect(events.received.filter((e) => (e.data as { promo?: { code: string } }).promo?.code === code.code)).toHaveLength(1);
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 1, reservedCount: 0, maxUses: 1 });
    expect((await pay(t.newUser(), itemId, code.code)).error).toMatchObject({ code: 'PROMO_EXHAUSTED' });
  });

  it('a payment that fails, expires or is canceled gives its use back; paid after all, it is counted again', async () => {
    const itemId = await t.publishItem();
    const code = await createCode({ code: text('back'), maxUses: 1 });
    const first = t.newUser();
    const second = t.newUser();
    const held = (await pay(first, itemId, code.code)).order!;
    expect((await pay(second, itemId, code.code)).error).toMatchObject({ code: 'PROMO_EXHAUSTED' });

    t.fakes.mtn.settleAt(held.attempt.reference, 'failed', 'NOT_ENOUGH_FUNDS');
    await t.gql(CHECK_PAYMENT, { orderId: held.id }, first);
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 0, reservedCount: 0 });
    const taken = (await pay(second, itemId, code.code)).order!;
    expect(taken.amount.xaf).toBe(1885);
    await t.gql(`mutation($id: ID!) { cancelPayment(orderId: $id) { order { status } } }`, { id: taken.id }, second);
    expect(await codeRow(code.id)).toMatchObject({ reservedCount: 0 });
    const third = (await pay(t.newUser(), itemId, code.code)).order!;
    await settle(t.app.deps, third.attempt.id, { outcome: 'expired', outcomeUnknown: true });
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 0, reservedCount: 0 });

    // The first customer's operator says "paid" after all (money taken at the discounted price): the use counts.
    await settle(t.app.deps, held.attempt.id, { outcome: 'completed' });
    expect(await codeRow(code.id)).toMatchObject({ usedCount: 1, reservedCount: 0 });
  });

  it('holds each customer to the code’s per-customer cap, a payment under way counting', async () => {
    const [a, b, c] = [await t.publishItem(), await t.publishItem(), await t.publishItem()];
    const code = await createCode({ code: text('once'), perCustomerMax: 1 });
    const buyer = t.newUser();
    const first = (await pay(buyer, a, code.code)).order!;
    expect((await pay(buyer, b, code.code)).error).toEqual({ code: 'PROMO_CUSTOMER_LIMIT', message: 'Vous avez déjà utilisé ce code promo le nombre de fois autorisé.', field: 'promoCode' });
    expect((await t.gql(QUOTE, { itemId: b, itemType: 'VIDEO', promoCode: code.code }, buyer)).data!.checkoutQuote.error).toMatchObject({ code: 'PROMO_CUSTOMER_LIMIT' });
    await settle(t.app.deps, first.attempt.id, { outcome: 'completed' });
    expect((await pay(buyer, c, code.code)).error).toMatchObject({ code: 'PROMO_CUSTOMER_LIMIT' });
    // Another customer still may.
    expect((await pay(t.newUser(), c, code.code)).order!.amount.xaf).toBe(1885);
  });

  it('guessing codes is not a way in: after 10 unknown codes, every code is refused for a while, even a good one', async () => {
    const itemId = await t.publishItem();
    const code = await createCode({ code: text('real') });
    const guesser = t.newUser();
    for (let i = 0; i < 10; i++) {
      const typed = `DEVINE${i}`;
      const refused = i % 2 ? (await pay(guesser, itemId, typed)).error : (await t.gql(QUOTE, { itemId, itemType: 'VIDEO', promoCode: typed }, guesser)).data!.checkoutQuote.error;
      expect(refused).toMatchObject({ code: 'PROMO_INVALID' });
    }
    const tooMany = { code: 'RATE_LIMITED', message: 'Trop de codes promo essayés. Réessayez dans quelques minutes.', field: 'promoCode' };
    expect((await pay(guesser, itemId, code.code)).error).toEqual(tooMany);
    expect((await t.gql(QUOTE, { itemId, itemType: 'VIDEO', promoCode: code.code }, guesser)).data!.checkoutQuote.error).toEqual(tooMany);
    // Another customer, and this one without a code, are not held up.
    expect((await pay(t.newUser(), itemId, code.code)).order!.amount.xaf).toBe(1885);
    expect((await pay(guesser, itemId, null)).order!.amount.xaf).toBe(2356);
  });

  it('administrators create, edit and deactivate codes, each journaled; customers and visitors are refused', async () => {
    const journal = await t.events(['commerce.admin.action_recorded']);
    const a = admin();
    const typed = text('noel');
    const created = (await t.gql(CREATE, { input: { code: typed.toLowerCase(), kind: 'AMOUNT', amountXaf: 500, maxUses: 10 } }, a)).data!.adminCreatePromoCode;
    expect(created.promoCode).toMatchObject({ code: typed, kind: 'AMOUNT', amountXaf: 500, percent: null, maxUses: 10, active: true, usedCount: 0 });
    const id = created.promoCode.id as string;
    expect((await t.gql(CREATE, { input: { code: typed, kind: 'PERCENT', percent: 10 } }, a)).data!.adminCreatePromoCode.error).toMatchObject({ code: 'PROMO_CODE_TAKEN', field: 'code' });
    expect((await t.gql(CREATE, { input: { code: text('free'), kind: 'PERCENT', percent: 100 } }, a)).data!.adminCreatePromoCode.error).toMatchObject({ field: 'percent' });
    const edited = (await t.gql(UPDATE, { id, input: { code: typed, kind: 'PERCENT', percent: 15, maxUses: 5 } }, a)).data!.adminUpdatePromoCode;
    expect(edited.promoCode).toMatchObject({ kind: 'PERCENT', percent: 15, amountXaf: null, maxUses: 5, active: true });
    expect((await t.gql(SET_ACTIVE, { id, active: false }, a)).data!.adminSetPromoCodeActive.promoCode).toMatchObject({ active: false });

    await until(() => (journal.received.filter((e) => (e.data as { target: { id: string } }).target.id === id).length >= 3 ? true : null), 5000, 'journal');
    const mine = journal.received.filter((e) => (e.data as { target: { id: string } }).target.id === id).map((e) => e.data as { action: string; details: Record<string, unknown> });
    expect(mine.map((e) => e.action)).toEqual(['promo_code.created', 'promo_code.updated', 'promo_code.deactivated']);
    expect(mine[1]!.details).toMatchObject({ kind: { before: 'amount', after: 'percent' }, percent: { before: null, after: 15 }, maxUses: { before: 10, after: 5 } });

    for (const user of [t.newUser(), null]) {
      for (const [query, variables] of [[LIST, {}], [CREATE, { input: { code: text('x'), kind: 'PERCENT', percent: 5 } }], [SET_ACTIVE, { id, active: true }]] as const) {
        const res = await t.gql(query, variables, user);
        expect(res.errors?.[0]?.extensions?.code).toBe(user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      }
    }
    expect(await codeRow(id)).toMatchObject({ active: false });
  });
});
