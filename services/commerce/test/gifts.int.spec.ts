import type { Loose, TestUser } from '@lbf/service-kit/testing';
import { withHarness } from '@lbf/service-kit/testing';
import { commerceHarness, until } from './harness';

const GIFT_FIELDS = `id orderId itemId itemType itemTitle recipientEmail recipientPhone message status claimedAt linkIssuedAt receiptNumber`;
const LINK_FIELDS = `itemId itemType itemTitle buyerFirstName message status claimedByMe`;
const LINK = `query Link($token: ID!) { giftLink(token: $token) { ${LINK_FIELDS} } }`;
const CLAIM = `mutation Claim($token: ID!) { claimGift(token: $token) { gift { ${LINK_FIELDS} } error { code message } } }`;
const MINE = `query { myGifts { ${GIFT_FIELDS} } }`;
const RESEND = `mutation Resend($id: ID!) { resendGift(giftId: $id) { gift { ${GIFT_FIELDS} } url error { code message } } }`;
const ORDER_GIFT = `query Order($id: ID!) { order(id: $id) { id status gift { ${GIFT_FIELDS} } } }`;
const REFUND = `mutation Refund($i: AdminOrderReasonInput!) { adminMarkRefunded(input: $i) { error { code message } } }`;

type Err = { code: string; message: string } | null;
type Sent = { giftId: string; orderId: string; recipientEmail: string; claimToken: string; message: string; buyerFirstName: string | null };

describe('« Offrir »', () => {
  const t = withHarness(() => commerceHarness());

  async function gql(query: string, variables: Record<string, unknown>, user: TestUser | null) {
    const res = await t.gql(query, variables, user);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data as Loose;
  }
  const view = async (token: string, user: TestUser | null = null) => (await gql(LINK, { token }, user)).giftLink as Loose | null;
  const claim = async (token: string, user: TestUser) => (await gql(CLAIM, { token }, user)).claimGift as { gift: Loose | null; error: Err };
  const mine = async (user: TestUser) => (await gql(MINE, {}, user)).myGifts as Loose[];
  const resend = async (id: string, user: TestUser) => (await gql(RESEND, { id }, user)).resendGift as { gift: Loose | null; url: string | null; error: Err };

  async function customer(): Promise<TestUser> {
    const user = t.newUser();
    await t.registerBuyer(user);
    return user;
  }

  /** A buyer pays a gift of a new item through MTN; the item's id, the buyer, the order. */
  async function paidGift(gift: Record<string, unknown> = { recipientEmail: 'Ami@Example.com', message: 'Joyeux anniversaire !' }) {
    const itemId = await t.publishItem({ priceCents: 359, title: 'Tisanes du soir' });
    const buyer = await customer();
    const { order, error } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456', gift });
    expect(error).toBeNull();
    t.fakes.mtn.settleAt(order!.attempt.reference, 'completed', null, 'FT-GIFT');
    await until(async () => ((await t.order(order!.id)).status === 'COMPLETED' ? true : null), 10_000, 'gift order paid');
    return { itemId, buyer, orderId: order!.id as string };
  }

  /** The link mailed for an e-mail recipient (commerce.gift.sent), for this order. */
  async function sentFor(events: { received: Array<{ data: unknown }> }, orderId: string): Promise<Sent> {
    return until(() => (events.received.map((e) => e.data as Sent).find((d) => d.orderId === orderId) ?? null), 10_000, 'gift.sent');
  }

  it('a paid gift is not the buyer’s: its link is mailed to the recipient, and its page shows the item, the buyer’s first name and the message', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const purchases = await t.events(['commerce.purchase.completed']);
    const { itemId, buyer, orderId } = await paidGift();
    const sent = await sentFor(events, orderId);
    expect(sent).toMatchObject({ recipientEmail: 'ami@example.com', message: 'Joyeux anniversaire !', buyerFirstName: 'Awa' });
    const completed = await until(() => purchases.received.find((e) => (e.data as { orderId?: string }).orderId === orderId) ?? null, 5000, 'completed');
    expect(completed.data).toMatchObject({ buyerId: buyer.userId, itemId, gift: true });
    const stored = await t.sql.query(`SELECT token_hash FROM commerce.gifts WHERE order_id = $1`, [orderId]);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toContain(sent.claimToken);

    expect(await view(sent.claimToken)).toEqual({ itemId, itemType: 'VIDEO', itemTitle: 'Tisanes du soir', buyerFirstName: 'Awa', message: 'Joyeux anniversaire !', status: 'SENT', claimedByMe: false });
    expect(await mine(buyer)).toEqual([expect.objectContaining({ orderId, recipientEmail: 'ami@example.com', recipientPhone: null, status: 'SENT', claimedAt: null })]);
    expect((await gql(ORDER_GIFT, { id: orderId }, t.newUser({ admin: true }))).order.gift).toMatchObject({ status: 'SENT', recipientEmail: 'ami@example.com' });
    // The gift is not in the buyer's library: they can still buy the item for themselves.
    const own = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    expect(own.error).toBeNull();
    expect(own.order!.id).not.toBe(orderId);
  });

  it('is received once: the claimer owns the item (commerce.gift.claimed), another claim is refused in French', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const claims = await t.events(['commerce.gift.claimed']);
    const { itemId, buyer, orderId } = await paidGift();
    const { claimToken } = await sentFor(events, orderId);
    const recipient = await customer();
    const first = await claim(claimToken, recipient);
    expect(first).toEqual({ gift: expect.objectContaining({ status: 'CLAIMED', claimedByMe: true }), error: null });
    const claimed = await until(() => claims.received.find((e) => e.data && (e.data as { claimerId?: string }).claimerId === recipient.userId) ?? null, 5000, 'gift.claimed');
    expect(claimed.data).toMatchObject({ orderId, itemId, itemType: 'video', buyerId: buyer.userId, claimerEmail: `buyer-${recipient.userId.slice(0, 8)}@example.com`, claimerName: 'Awa Ngo' });
    // Mine again: nothing new; someone else: refused.
    expect((await claim(claimToken, recipient)).error).toBeNull();
    expect(await claim(claimToken, await customer())).toEqual({ gift: null, error: { code: 'GIFT_CLAIMED', message: 'Ce cadeau a déjà été reçu.' } });
    expect(claims.received.filter((e) => (e.data as { orderId?: string }).orderId === orderId)).toHaveLength(1);
    expect((await mine(buyer))[0]).toMatchObject({ status: 'CLAIMED', claimedAt: expect.any(String) });
    expect((await resend((await mine(buyer))[0]!.id as string, buyer)).error).toMatchObject({ code: 'GIFT_CLAIMED' });
    // The claimer owns it now.
    expect((await t.startCheckout(recipient, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' })).error).toMatchObject({ code: 'ALREADY_PURCHASED' });
  });

  it('two claims at once: one receives it, one entitlement event, the other is refused', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const claimEvents = await t.events(['commerce.gift.claimed']);
    const { orderId } = await paidGift();
    const { claimToken } = await sentFor(events, orderId);
    const people = await Promise.all([customer(), customer(), customer()]);
    const results = await Promise.all(people.map((p) => claim(claimToken, p)));
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    for (const lost of results.filter((r) => r.error)) expect(lost.error).toEqual({ code: 'GIFT_CLAIMED', message: 'Ce cadeau a déjà été reçu.' });
    const winner = people[results.findIndex((r) => r.error === null)]!;
    await until(() => (claimEvents.received.some((e) => (e.data as { orderId?: string }).orderId === orderId) ? true : null), 5000, 'gift.claimed');
    await new Promise((r) => setTimeout(r, 500));
    const claims = claimEvents.received.filter((e) => (e.data as { orderId?: string }).orderId === orderId);
    expect(claims.map((e) => (e.data as { claimerId: string }).claimerId)).toEqual([winner.userId]);
    const rows = await t.sql.query(`SELECT claimed_by FROM commerce.gifts WHERE order_id = $1`, [orderId]);
    expect(rows.rows).toEqual([{ claimed_by: winner.userId }]);
  });

  it('an item the claimer owns already is refused, and the gift stays for someone else', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const { itemId, orderId } = await paidGift();
    const { claimToken } = await sentFor(events, orderId);
    const owner = await customer();
    const { order } = await t.startCheckout(owner, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    t.fakes.mtn.settleAt(order!.attempt.reference, 'completed');
    await until(async () => ((await t.order(order!.id)).status === 'COMPLETED' ? true : null), 10_000, 'own order paid');
    expect(await claim(claimToken, owner)).toEqual({
      gift: null,
      error: { code: 'GIFT_OWNED', message: 'Vous avez déjà ce contenu dans votre bibliothèque : le cadeau n’a pas été utilisé, il reste disponible pour quelqu’un d’autre.' },
    });
    expect(await view(claimToken)).toMatchObject({ status: 'SENT' });
    expect((await claim(claimToken, await customer())).error).toBeNull();
  });

  it('a refund before the claim cancels the link', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const { buyer, orderId } = await paidGift();
    const { claimToken } = await sentFor(events, orderId);
    const refund = await gql(REFUND, { i: { orderId, reason: 'Erreur de destinataire' } }, t.newUser({ admin: true }));
    expect(refund.adminMarkRefunded.error).toBeNull();
    expect(await view(claimToken)).toBeNull();
    expect(await claim(claimToken, await customer())).toEqual({ gift: null, error: { code: 'GIFT_NOT_FOUND', message: 'Ce lien de cadeau n’existe pas ou n’est plus valable.' } });
    const [gift] = await mine(buyer);
    expect(gift).toMatchObject({ status: 'CANCELED' });
    expect((await resend(gift!.id as string, buyer)).error).toMatchObject({ code: 'GIFT_CANCELED', message: 'Ce cadeau a été annulé.' });
  });

  it('for a phone number, the buyer gets the link (« Renvoyer »: a new one, the previous stops working); nothing is mailed', async () => {
    const events = await t.events(['commerce.gift.sent']);
    const { buyer, orderId } = await paidGift({ recipientPhone: '690 12 34 56', message: '' });
    const [gift] = await mine(buyer);
    expect(gift).toMatchObject({ recipientPhone: '+237690123456', recipientEmail: null, status: 'SENT', linkIssuedAt: null });
    const first = await resend(gift!.id as string, buyer);
    expect(first.url).toMatch(/^http:\/\/localhost:4000\/cadeau\/[A-Za-z0-9_-]{43}$/);
    const second = await resend(gift!.id as string, buyer);
    const token = (url: string) => url.split('/').pop()!;
    expect(await view(token(first.url!))).toBeNull();
    expect(await view(token(second.url!))).toMatchObject({ status: 'SENT', message: '' });
    expect((await resend(gift!.id as string, await customer())).error).toMatchObject({ code: 'GIFT_NOT_FOUND' });
    await new Promise((r) => setTimeout(r, 300));
    expect(events.received.filter((e) => (e.data as { orderId: string }).orderId === orderId)).toHaveLength(0);
  });

  it('refuses a gift without a recipient, with a bad one, or with a message over 300 characters', async () => {
    const itemId = await t.publishItem();
    const buyer = await customer();
    const start = (gift: Record<string, unknown>) => t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456', gift });
    expect((await start({ message: 'Pour toi' })).error).toMatchObject({ code: 'GIFT_RECIPIENT_REQUIRED', field: 'recipientEmail' });
    expect((await start({ recipientEmail: 'pas-une-adresse' })).error).toMatchObject({ message: 'Adresse e-mail invalide.' });
    expect((await start({ recipientPhone: '12' })).error).toMatchObject({ message: 'Numéro de téléphone invalide.', field: 'recipientPhone' });
    expect((await start({ recipientEmail: 'ami@example.com', message: 'x'.repeat(301) })).error).toMatchObject({ message: 'Votre message ne peut pas dépasser 300 caractères.' });
  });
});
