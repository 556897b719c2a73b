import type { TestUser } from '@lbf/service-kit/testing';
import { subscribe, withHarness, wsClient } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { commerceHarness, until } from './harness';

const CREATE = `mutation Create($itemId: ID!, $itemType: ItemType!, $consent: Boolean) {
  createPayLink(itemId: $itemId, itemType: $itemType, consentHealthData: $consent) { payLink { token url expiresAt } error { code message field } } }`;
const LINK_FIELDS = `itemId itemType itemTitle amount { usdCents xaf } requesterFirstName status expiresAt method authorizationUrl receiptText message`;
const LINK = `query Link($token: ID!) { payLink(token: $token) { ${LINK_FIELDS} } }`;
const PAY = `mutation Pay($input: PayPayLinkInput!) { payPayLink(input: $input) { payLink { ${LINK_FIELDS} } error { code message field } } }`;

type Err = { code: string; message: string; field: string | null } | null;

describe('« Payer pour moi »', () => {
  const t = withHarness(() => commerceHarness());

  async function create(user: TestUser, itemId: string, consent: boolean | null = true) {
    const res = await t.gql(CREATE, { itemId, itemType: 'VIDEO', consent }, user);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.createPayLink as { payLink: { token: string; url: string; expiresAt: string } | null; error: Err };
  }
  async function view(token: string) {
    const res = await t.gql(LINK, { token }, null);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.payLink as Record<string, unknown> | null;
  }
  async function pay(token: string, input: Record<string, unknown> = {}) {
    const res = await t.gql(PAY, { input: { token, method: 'MTN', phone: '677123456', ...input } }, null);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.payPayLink as { payLink: Record<string, unknown> | null; error: Err };
  }
  async function linkReferences(token: string): Promise<string[]> {
    const rows = await t.sql.query(
      `SELECT a.reference FROM commerce.payment_attempts a JOIN commerce.pay_links l ON l.id = a.pay_link_id WHERE l.token_hash = encode(sha256($1::bytea), 'hex') ORDER BY a.created_at`,
      [token],
    );
    return rows.rows.map((r: { reference: string }) => r.reference);
  }

  it('a visitor with no account sees the item, the price and the requester’s first name, pays, and the item is the requester’s', async () => {
    const itemId = await t.publishItem({ priceCents: 359, title: 'Tisanes du soir' });
    const requester = t.newUser();
    await t.registerBuyer(requester);
    const { payLink, error } = await create(requester, itemId);
    expect(error).toBeNull();
    expect(payLink!.url).toBe(`http://localhost:4000/payer-pour-moi/${payLink!.token}`);
    expect(new Date(payLink!.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const rows = await t.sql.query(`SELECT token_hash FROM commerce.pay_links WHERE requester_id = $1`, [requester.userId]);
    expect(rows.rows[0].token_hash).not.toContain(payLink!.token);

    expect(await view(payLink!.token)).toMatchObject({ itemTitle: 'Tisanes du soir', itemType: 'VIDEO', amount: { usdCents: 359, xaf: 2356 }, requesterFirstName: 'Awa', status: 'OPEN', receiptText: null });
    const events = await t.events(['commerce.purchase.completed']);
    // The requester, online: told live when the link is paid (myPayLinksPaid), nothing before.
    const client = wsClient(t.app.wsUrl, `Bearer ${requester.token}`, t.headers());
    const live = subscribe(client, `subscription { myPayLinksPaid { orderId itemId itemType itemTitle amountXaf payerName paidAt } }`, (d) => d.myPayLinksPaid as Record<string, unknown>);
    const paying = await pay(payLink!.token, { payerEmail: 'ami@example.com', payerName: ' Kofi ' });
    expect(paying.error).toBeNull();
    expect(paying.payLink).toMatchObject({ status: 'PENDING', method: 'MTN' });
    const [reference] = await linkReferences(payLink!.token);
    expect(t.fakes.mtn.payments.get(reference!)!.request.amountXaf).toBe(2356);
    const attempt = await t.sql.query(`SELECT phone, payer_email, payer_name FROM commerce.payment_attempts WHERE reference = $1`, [reference]);
    expect(attempt.rows[0]).toEqual({ phone: '+237677123456', payer_email: 'ami@example.com', payer_name: 'Kofi' });
    expect(live.values).toEqual([]);

    t.fakes.mtn.settleAt(reference!, 'completed', null, 'FT-9');
    const paid = await until(async () => ((await view(payLink!.token))?.status === 'PAID' ? view(payLink!.token) : null), 10_000, 'link paid');
    expect(paid!.receiptText).toMatch(/^LBF : 2 356 FCFA payés pour « Tisanes du soir » \(pour Awa\)\. Reçu LBF-\d{4}-\d{6}\. Merci !$/);
    expect((paid!.receiptText as string).length).toBeLessThanOrEqual(160);
    await until(() => (events.received.length ? true : null), 5000, 'purchase.completed');
    expect(events.received[0]!.data).toMatchObject({ buyerId: requester.userId, itemId, payLink: { payerName: 'Kofi', payerEmail: 'ami@example.com' } });
    try {
      await until(() => (live.values.length ? true : null), 5000, 'the requester told live');
      expect(live.values).toEqual([
        expect.objectContaining({ orderId: (events.received[0]!.data as { orderId: string }).orderId, itemId, itemType: 'VIDEO', itemTitle: 'Tisanes du soir', amountXaf: 2356, payerName: 'Kofi' }),
      ]);
      expect(live.errors).toEqual([]);
    } finally {
      await live.stop();
    }
  });

  it('myPayLinksPaid is for signed-in requesters; a purchase of their own is not a link paid', async () => {
    const denied = subscribe(wsClient(t.app.wsUrl, undefined, t.headers()), `subscription { myPayLinksPaid { orderId } }`, (d) => d);
    try {
      await until(() => (denied.errors.length ? true : null), 5000, 'refusal');
      expect(JSON.stringify(denied.errors)).toMatch(/UNAUTHENTICATED|connect/i);
    } finally {
      await denied.stop();
    }
    const buyer = t.newUser();
    await t.registerBuyer(buyer);
    const live = subscribe(wsClient(t.app.wsUrl, `Bearer ${buyer.token}`, t.headers()), `subscription { myPayLinksPaid { orderId } }`, (d) => d.myPayLinksPaid);
    const events = await t.events(['commerce.purchase.completed']);
    try {
      const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000555' })).order!;
      t.fakes.mtn.settleAt(order.attempt.reference, 'completed');
      const own = await until(() => events.received.find((e) => (e.data as { orderId: string }).orderId === order.id) ?? null, 5000, 'purchase.completed');
      expect(own.data).not.toHaveProperty('payLink');
      await new Promise((r) => setTimeout(r, 500));
      expect(live.values).toEqual([]);
    } finally {
      await live.stop();
    }
  });

  it('two payers at once: one attempt, one payment, one entitlement; paying again is refused in French', async () => {
    const itemId = await t.publishItem({ priceCents: 100 });
    const requester = t.newUser();
    await t.registerBuyer(requester);
    const { payLink } = await create(requester, itemId);
    const token = payLink!.token;
    const events = await t.events(['commerce.purchase.completed']);
    const before = t.fakes.mtn.count('charge');
    const results = await Promise.all([pay(token, { phone: '677000001' }), pay(token, { phone: '677000002' }), pay(token, { phone: '677000003' })]);
    const won = results.filter((r) => r.error === null);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.error)) expect(lost.error).toMatchObject({ code: 'PAY_LINK_BUSY', message: 'Un paiement est déjà en cours pour ce lien. Réessayez dans quelques minutes.' });
    expect(t.fakes.mtn.count('charge') - before).toBe(1);
    const references = await linkReferences(token);
    expect(references).toHaveLength(1);

    t.fakes.mtn.settleAt(references[0]!, 'completed');
    await until(async () => ((await view(token))?.status === 'PAID' ? true : null), 10_000, 'link paid');
    expect(await pay(token, { phone: '677000004' })).toMatchObject({ payLink: null, error: { code: 'PAY_LINK_PAID', message: 'Ce lien a déjà été payé.' } });
    await until(() => (events.received.length ? true : null), 5000, 'purchase.completed');
    const orders = await t.sql.query(`SELECT count(*)::int AS n FROM commerce.orders WHERE buyer_id = $1 AND status = 'completed'`, [requester.userId]);
    expect(orders.rows[0].n).toBe(1);
    expect(events.received.filter((e) => (e.data as { buyerId: string }).buyerId === requester.userId)).toHaveLength(1);
    // The database keeps one payment per link, whatever the code does.
    const order = await t.sql.query(`SELECT order_id, pay_link_id FROM commerce.payment_attempts WHERE reference = $1`, [references[0]]);
    await expect(
      t.sql.query(`INSERT INTO commerce.payment_attempts (id, order_id, number, provider, reference, status, expires_at, pay_link_id) VALUES ($1, $2, 99, 'mtn', $3, 'completed', now(), $4)`, [
        randomUUID(),
        order.rows[0].order_id,
        randomUUID(),
        order.rows[0].pay_link_id,
      ]),
    ).rejects.toThrow(/payment_attempts_pay_link_paid/);
  });

  it('refuses to create a link for an item the requester owns, signed out, or without the health-data consent', async () => {
    const itemId = await t.publishItem();
    const requester = t.newUser();
    await t.registerBuyer(requester);
    expect((await create(requester, itemId, null)).error).toMatchObject({ code: 'HEALTH_CONSENT_REQUIRED', field: 'consentHealthData' });
    const res = await t.gql(CREATE, { itemId, itemType: 'VIDEO', consent: true }, null);
    expect(res.data!.createPayLink.error).toMatchObject({ code: 'UNAUTHENTICATED' });
    const { order } = await t.startCheckout(requester, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    const { payLink } = await create(requester, itemId);
    t.fakes.mtn.settleAt(order!.attempt.reference, 'completed');
    await until(async () => ((await view(payLink!.token))?.status === 'OWNED' ? true : null), 10_000, 'owned');
    expect((await create(requester, itemId)).error).toMatchObject({ code: 'ALREADY_PURCHASED', message: 'Vous avez déjà acheté ce contenu.' });
    expect((await pay(payLink!.token)).error).toMatchObject({ code: 'PAY_LINK_OWNED', message: 'Ce contenu est déjà dans la bibliothèque de la personne qui vous a envoyé ce lien.' });
  });

  it('an expired or unknown link cannot be paid, and says so in French', async () => {
    const itemId = await t.publishItem();
    const requester = t.newUser();
    await t.registerBuyer(requester);
    const { payLink } = await create(requester, itemId);
    await t.sql.query(`UPDATE commerce.pay_links SET expires_at = now() - interval '1 minute' WHERE requester_id = $1`, [requester.userId]);
    expect(await view(payLink!.token)).toMatchObject({ status: 'EXPIRED' });
    expect(await pay(payLink!.token)).toMatchObject({ payLink: null, error: { code: 'PAY_LINK_EXPIRED', message: 'Ce lien a expiré.' } });
    expect(await view('x'.repeat(43))).toBeNull();
    expect((await pay('nope')).error).toMatchObject({ code: 'PAY_LINK_NOT_FOUND', message: "Ce lien de paiement n'existe pas." });
    expect((await pay(payLink!.token.replace(/./, (c) => (c === 'A' ? 'B' : 'A')))).error).toMatchObject({ code: 'PAY_LINK_NOT_FOUND' });
  });
});

