import { subscribe, wsClient, withHarness } from '@lbf/service-kit/testing';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { settle } from '../src/settlement';
import { commerceHarness, ORDER, until } from './harness';

const ENTITIES = `query E($r: [_Any!]!) { _entities(representations: $r) { ... on User { id purchases { id status receiptNumber } purchaseCount totalSpent { usdCents xaf } } } }`;

describe('who may read and do what', () => {
  const t = withHarness(() => commerceHarness());

  async function paidOrder(buyer = t.newUser()) {
    const itemId = await t.publishItem({ priceCents: 359 });
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await settle(t.app.deps, order.attempt.id, { outcome: 'completed', operatorTransactionId: 'OP1' });
    return { buyer, order, itemId };
  }

  it('a customer cannot read, check, cancel or claim another customer\'s order (straight at the subgraph)', async () => {
    const { order } = await paidOrder();
    const other = t.newUser();
    expect((await t.gql(ORDER, { id: order.id }, other)).data!.order).toBeNull();
    const check = await t.gql(`mutation($id: ID!) { checkPayment(orderId: $id) { order { id } error { code } } }`, { id: order.id }, other);
    expect(check.data!.checkPayment).toEqual({ order: null, error: { code: 'ORDER_NOT_FOUND' } });
    const cancel = await t.gql(`mutation($id: ID!) { cancelPayment(orderId: $id) { order { id } error { code } } }`, { id: order.id }, other);
    expect(cancel.data!.cancelPayment.order).toBeNull();
    const claim = await t.gql(`mutation($id: ID!) { claimPayment(input: { orderId: $id }) { order { id } resolved message } }`, { id: order.id }, other);
    expect(claim.data!.claimPayment).toMatchObject({ order: null, resolved: false });
    const claimByTxn = await t.gql(`mutation { claimPayment(input: { operatorTransactionId: "OP1" }) { order { id } resolved } }`, {}, other);
    expect(claimByTxn.data!.claimPayment).toMatchObject({ order: null, resolved: false });
    // Visitors: UNAUTHENTICATED.
    const visitor = await t.gql(ORDER, { id: order.id }, null);
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // An admin can, with the provider log.
    const asAdmin = await t.gql(`query($id: ID!) { order(id: $id) { id attempt { providerLog { kind httpStatus } } } }`, { id: order.id }, t.newUser({ admin: true }));
    expect(asAdmin.data!.order.attempt.providerLog.map((e: { kind: string }) => e.kind)).toContain('charge');
  });

  it('the buyer sees their own order without the provider log', async () => {
    const { buyer, order } = await paidOrder();
    const res = await t.gql(`query($id: ID!) { order(id: $id) { id status receiptNumber attempt { providerLog { kind } } adminAction { kind } } }`, { id: order.id }, buyer);
    expect(res.data!.order).toMatchObject({ id: order.id, status: 'COMPLETED', attempt: { providerLog: null }, adminAction: null });
    expect(res.data!.order.receiptNumber).toMatch(/^LBF-/);
  });

  it("the receipt names its buyer as identity registered them (commerce's buyers read model)", async () => {
    const buyer = t.newUser();
    await t.registerBuyer(buyer);
    const { order } = await paidOrder(buyer);
    const res = await t.gql(`query($id: ID!) { order(id: $id) { buyerName buyerEmail receiptNumber } }`, { id: order.id }, buyer);
    expect(res.data!.order).toMatchObject({ buyerName: 'Awa Ngo', buyerEmail: `buyer-${buyer.userId.slice(0, 8)}@example.com` });
  });

  it('a buyer who paid before commerce heard of their registration: the receipt event and the order carry their real address once known', async () => {
    const buyer = t.newUser();
    const itemId = await t.publishItem({ priceCents: 359 });
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    const placeholder = `client-${buyer.userId.slice(0, 8)}@clients.lbf.invalid`;
    expect((await t.gql(`query($id: ID!) { order(id: $id) { buyerEmail } }`, { id: order.id }, buyer)).data!.order.buyerEmail).toBe(placeholder);
    // The registration arrives while the payment is pending: the order takes the address.
    const email = await t.registerBuyer(buyer);
    expect((await t.gql(`query($id: ID!) { order(id: $id) { buyerEmail } }`, { id: order.id }, buyer)).data!.order.buyerEmail).toBe(email);
    await settle(t.app.deps, order.attempt.id, { outcome: 'completed', operatorTransactionId: 'OP-late' });
    const sent = await t.sql.query(`SELECT envelope->'data'->>'buyerEmail' AS to FROM commerce.outbox WHERE subject = 'commerce.purchase.completed' AND envelope->'data'->>'orderId' = $1`, [order.id]);
    expect(sent.rows).toEqual([{ to: email }]);
  });

  it('every admin field is refused to customers (FORBIDDEN) and visitors (UNAUTHENTICATED)', async () => {
    const { order } = await paidOrder();
    const customer = t.newUser();
    const queries = [
      `{ adminOrders { total } }`,
      `{ adminUserOrders(userId: "${customer.userId}") { id } }`,
      `{ commerceStats { salesCount } }`,
      `{ exportOrdersCsv }`,
      `{ adminPaymentHealth { rule { windowMinutes } } }`,
      `mutation { adminRecheckOrder(orderId: "${order.id}") { order { id } } }`,
      `mutation { adminGrantOrder(input: { orderId: "${order.id}", reason: "x" }) { order { id } } }`,
      `mutation { adminMarkRefunded(input: { orderId: "${order.id}", reason: "x" }) { order { id } } }`,
    ];
    for (const q of queries) {
      expect((await t.gql(q, {}, customer)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await t.gql(q, {}, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await t.order(order.id)).status).toBe('COMPLETED');
  });

  /**
   * Every statement TypeORM sends goes through PostgresQueryRunner.query (ds.query, the managers,
   * the outbox relay): spied on for the request, the reads of `orders` are counted. Background work
   * (poller locks) may run meanwhile: its locks (FOR UPDATE) and updates are left out.
   */
  async function orderReadsDuring<T>(run: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      const result = await run();
      const reads = spy.mock.calls.map(([sql]) => String(sql)).filter((sql) => /\borders\b/.test(sql) && /^\s*SELECT/i.test(sql) && !/FOR UPDATE/.test(sql));
      return { result, reads };
    } finally {
      spy.mockRestore();
    }
  }

  it('User.purchases / purchaseCount / totalSpent: self or admin only, one SQL statement per kind for a whole _entities batch', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const c = t.newUser();
    const admin = t.newUser({ admin: true });
    {
      const { result: res, reads } = await orderReadsDuring(() => t.gql(ENTITIES, { r: [a.buyer, b.buyer, c].map((u) => ({ __typename: 'User', id: u.userId })) }, admin));
      // The totals' aggregate and the purchase history: one statement each for the three users.
      expect(reads).toHaveLength(2);
      expect(reads.filter((sql) => /GROUP BY buyer_id/.test(sql))).toHaveLength(1);
      expect(res.errors).toBeUndefined();
      expect(res.data!._entities[0]).toMatchObject({ id: a.buyer.userId, purchaseCount: 1, totalSpent: { usdCents: 359, xaf: 2356 } });
      expect(res.data!._entities[0].purchases).toHaveLength(1);
      expect(res.data!._entities[2]).toMatchObject({ purchases: [], purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } });
    }
    const self = await t.gql(ENTITIES, { r: [{ __typename: 'User', id: a.buyer.userId }] }, a.buyer);
    expect(self.data!._entities[0].purchaseCount).toBe(1);
    const other = await t.gql(ENTITIES, { r: [{ __typename: 'User', id: a.buyer.userId }] }, b.buyer);
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(other.data!._entities[0].purchases).toBeNull();
    const visitor = await t.gql(ENTITIES, { r: [{ __typename: 'User', id: a.buyer.userId }] }, null);
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the users table\'s batch (count and total of N users) is ONE aggregate statement, with the right figures', async () => {
    // Two completed orders, one pending and one failed for the first buyer; one completed order for the second.
    const first = await paidOrder();
    const second = await paidOrder(first.buyer);
    const itemPending = await t.publishItem({ priceCents: 500 });
    await t.startCheckout(first.buyer, { itemId: itemPending, itemType: 'VIDEO', method: 'NOTCHPAY' });
    const itemFailed = await t.publishItem({ priceCents: 700 });
    const failed = (await t.startCheckout(first.buyer, { itemId: itemFailed, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    await settle(t.app.deps, failed.attempt.id, { outcome: 'failed', reasonCode: 'DECLINED' });
    const other = await paidOrder();
    const nobody = t.newUser();
    // A refunded order is not spent any more.
    const refunded = await paidOrder();
    const refund = await t.gql(`mutation($i: AdminOrderReasonInput!) { adminMarkRefunded(input: $i) { error { code } } }`, { i: { orderId: refunded.order.id, reason: 'test' } }, t.newUser({ admin: true }));
    expect(refund.data!.adminMarkRefunded.error).toBeNull();

    const users = [first.buyer, other.buyer, nobody, refunded.buyer];
    const TOTALS = `query E($r: [_Any!]!) { _entities(representations: $r) { ... on User { id purchaseCount totalSpent { usdCents xaf } } } }`;
    const { result: res, reads } = await orderReadsDuring(() => t.gql(TOTALS, { r: users.map((u) => ({ __typename: 'User', id: u.userId })) }, t.newUser({ admin: true })));
    expect(res.errors).toBeUndefined();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/GROUP BY buyer_id/);
    expect(reads[0]).not.toMatch(/payment_attempts/);
    expect(second.order.amount).toEqual({ usdCents: 359, xaf: 2356 });
    expect(res.data!._entities).toEqual([
      { id: first.buyer.userId, purchaseCount: 2, totalSpent: { usdCents: 718, xaf: 4712 } },
      { id: other.buyer.userId, purchaseCount: 1, totalSpent: { usdCents: 359, xaf: 2356 } },
      { id: nobody.userId, purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } },
      { id: refunded.buyer.userId, purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } },
    ]);
    // Access rules are unchanged: a customer reads only their own figures.
    const own = await t.gql(TOTALS, { r: [{ __typename: 'User', id: first.buyer.userId }] }, first.buyer);
    expect(own.data!._entities[0]).toMatchObject({ purchaseCount: 2 });
    const stranger = await t.gql(TOTALS, { r: [{ __typename: 'User', id: first.buyer.userId }] }, other.buyer);
    expect(stranger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.gql(TOTALS, { r: [{ __typename: 'User', id: first.buyer.userId }] }, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('orderUpdated pushes the order to its buyer when it changes, and refuses anyone else', async () => {
    const buyer = t.newUser();
    const itemId = await t.publishItem();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000444' })).order!;
    const query = `subscription { orderUpdated(orderId: "${order.id}") { id status attempt { status } } }`;
    const client = wsClient(t.app.wsUrl, `Bearer ${buyer.token}`, t.headers());
    const sub = subscribe(client, query, (d) => d.orderUpdated as { status: string });
    try {
      await until(() => (sub.values.length ? true : null), 5000, 'first value');
      expect(sub.values[0]!.status).toBe('PENDING');
      t.fakes.mtn.settleAt(order.attempt.reference, 'completed');
      await until(() => (sub.values.some((v) => v.status === 'COMPLETED') ? true : null), 5000, 'completed pushed');
    } finally {
      await sub.stop();
    }
    const stranger = wsClient(t.app.wsUrl, `Bearer ${t.newUser().token}`, t.headers());
    const denied = subscribe(stranger, query, (d) => d);
    try {
      await until(() => (denied.errors.length ? true : null), 5000, 'refusal');
      expect(JSON.stringify(denied.errors)).toMatch(/FORBIDDEN|Accès refusé/);
      expect(denied.values).toHaveLength(0);
    } finally {
      await denied.stop();
    }
  });

  it('orderUpdated crosses instances: settled on one, pushed by the other (Redis pub/sub)', async () => {
    const second = await t.start();
    const buyer = t.newUser();
    const itemId = await t.publishItem();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'ORANGE', phone: '699000321' })).order!;
    const client = wsClient(second.wsUrl, `Bearer ${buyer.token}`, t.headers());
    const sub = subscribe(client, `subscription { orderUpdated(orderId: "${order.id}") { status } }`, (d) => d.orderUpdated as { status: string });
    try {
      await until(() => (sub.values.length ? true : null), 5000, 'first value');
      await settle(t.app.deps, order.attempt.id, { outcome: 'failed', reasonCode: 'APPROVAL_REJECTED' });
      await until(() => (sub.values.some((v) => v.status === 'FAILED') ? true : null), 5000, 'FAILED pushed by the other instance');
    } finally {
      await sub.stop();
    }
  });
});
