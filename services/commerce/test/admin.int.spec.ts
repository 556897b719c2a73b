import { readSpreadsheetCsv, SPREADSHEET_DATE_TIME, spreadsheetReadsAsFormula, withHarness } from '@lbf/service-kit/testing';
import { settle } from '../src/settlement';
import { commerceHarness, until } from './harness';

const PAGE = `query($filter: OrderFilter, $page: Int, $pageSize: Int) { adminOrders(filter: $filter, page: $page, pageSize: $pageSize) {
  total page pageSize totalPages items { id status method buyerEmail receiptNumber adminAction { kind reason adminId } attempt { providerLog { kind } } } } }`;

describe('administrators: payments page, grant, refund, stats, CSV, purchase history', () => {
  const t = withHarness(() => commerceHarness());
  const admin = () => t.newUser({ admin: true });

  it('grants with a mandatory reason (admin recorded, receipt, purchase.completed as manual) and marks refunded (purchase.refunded)', async () => {
    // One subject per collector: NATS 2.9 gives a consumer a single filter subject.
    const completedEvents = await t.events(['commerce.purchase.completed']);
    const refundedEvents = await t.events(['commerce.purchase.refunded']);
    const received = () => [...completedEvents.received, ...refundedEvents.received];
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000555' })).order!;
    const a = admin();
    const noReason = await t.gql(`mutation($i: AdminOrderReasonInput!) { adminGrantOrder(input: $i) { order { id } error { code message field } } }`, { i: { orderId: order.id, reason: '  ' } }, a);
    expect(noReason.data!.adminGrantOrder).toEqual({ order: null, error: { code: 'VALIDATION', message: 'Le motif est obligatoire.', field: 'reason' } });

    const granted = await t.gql(
      `mutation($i: AdminOrderReasonInput!) { adminGrantOrder(input: $i) { order { status receiptNumber attempts { status failureCode } adminAction { kind reason adminId } } error { code } } }`,
      { i: { orderId: order.id, reason: 'Paiement reçu par virement' } },
      a,
    );
    expect(granted.data!.adminGrantOrder.order).toMatchObject({
      status: 'COMPLETED',
      attempts: [{ status: 'CANCELED', failureCode: 'SUPERSEDED_BY_GRANT' }],
      adminAction: { kind: 'GRANTED', reason: 'Paiement reçu par virement', adminId: a.userId },
    });
    const again = await t.gql(`mutation($i: AdminOrderReasonInput!) { adminGrantOrder(input: $i) { error { code } } }`, { i: { orderId: order.id, reason: 'x' } }, a);
    expect(again.data!.adminGrantOrder.error.code).toBe('CANNOT_GRANT');

    const refunded = await t.gql(
      `mutation($i: AdminOrderReasonInput!) { adminMarkRefunded(input: $i) { order { status adminAction { kind reason adminId } } error { code } } }`,
      { i: { orderId: order.id, reason: 'Double paiement' } },
      a,
    );
    expect(refunded.data!.adminMarkRefunded.order).toMatchObject({ status: 'REFUNDED', adminAction: { kind: 'REFUNDED', reason: 'Double paiement' } });
    const twice = await t.gql(`mutation($i: AdminOrderReasonInput!) { adminMarkRefunded(input: $i) { error { code } } }`, { i: { orderId: order.id, reason: 'x' } }, a);
    expect(twice.data!.adminMarkRefunded.error.code).toBe('CANNOT_REFUND');

    await until(() => (received().filter((e) => e.data.orderId === order.id).length >= 2 ? true : null), 5000, 'events');
    const mine = received().filter((e) => e.data.orderId === order.id);
    expect(mine.map((e) => e.subject)).toEqual(['commerce.purchase.completed', 'commerce.purchase.refunded']);
    expect(mine[0]!.data).toMatchObject({ provider: 'manual', operatorTransactionId: null });
    expect(mine[1]!.data).toMatchObject({ reason: 'Double paiement', adminId: a.userId, buyerId: buyer.userId });
  });

  it('lists orders with filters, the provider log, the user\'s history, stats and the CSV', async () => {
    const buyer = t.newUser();
    const email = await t.registerBuyer(buyer, 'awa.filtre@example.com');
    const paid = (await t.startCheckout(buyer, { itemId: await t.publishItem({ title: 'Guide du sommeil', itemType: 'pdf', priceCents: 100 }), itemType: 'PDF', method: 'ORANGE', phone: '699000001' })).order!;
    await settle(t.app.deps, paid.attempt.id, { outcome: 'completed', operatorTransactionId: 'MP-CSV-1' });
    const pending = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;

    const byEmail = await t.gql(PAGE, { filter: { search: 'awa.filtre' } }, admin());
    expect(byEmail.data!.adminOrders.total).toBe(2);
    expect(byEmail.data!.adminOrders.items[0]).toMatchObject({ id: pending.id, buyerEmail: email });
    expect(byEmail.data!.adminOrders.items[1].attempt.providerLog.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['charge']));
    const completedOrange = await t.gql(PAGE, { filter: { status: 'COMPLETED', method: 'ORANGE', search: 'awa.filtre' } }, admin());
    expect(completedOrange.data!.adminOrders.items.map((o: { id: string }) => o.id)).toEqual([paid.id]);
    const byTxn = await t.gql(PAGE, { filter: { search: 'MP-CSV' } }, admin());
    expect(byTxn.data!.adminOrders.items.map((o: { id: string }) => o.id)).toEqual([paid.id]);
    // from/to are days of the site's time zone (Africa/Douala by default): its today, not UTC's.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.siteTimezone }).format(new Date());
    const dated = await t.gql(PAGE, { filter: { from: today, to: today, search: 'awa.filtre' }, pageSize: 1, page: 2 }, admin());
    expect(dated.data!.adminOrders).toMatchObject({ total: 2, page: 2, pageSize: 1, totalPages: 2 });
    const past = await t.gql(PAGE, { filter: { to: '2020-01-01', search: 'awa.filtre' } }, admin());
    expect(past.data!.adminOrders.total).toBe(0);
    const badDate = await t.gql(PAGE, { filter: { from: 'hier' } }, admin());
    expect(badDate.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const history = await t.gql(`query($u: ID!) { adminUserOrders(userId: $u) { id status method amount { xaf } } }`, { u: buyer.userId }, admin());
    expect(history.data!.adminUserOrders).toEqual([
      { id: pending.id, status: 'PENDING', method: 'NOTCHPAY', amount: { xaf: 2356 } },
      { id: paid.id, status: 'COMPLETED', method: 'ORANGE', amount: { xaf: 656 } },
    ]);

    const stats = await t.gql(`{ commerceStats { revenue { usdCents xaf } salesCount pendingCount buyerCount } }`, {}, admin());
    const sql = (await t.sql.query(`SELECT count(*)::int AS n, COALESCE(sum(amount_xaf), 0)::int AS xaf FROM commerce.orders WHERE status = 'completed'`)).rows[0];
    expect(stats.data!.commerceStats).toMatchObject({ salesCount: sql.n, revenue: { xaf: sql.xaf } });
    expect(stats.data!.commerceStats.pendingCount).toBeGreaterThanOrEqual(1);

    const csv = (await t.gql(`query($f: OrderFilter) { exportOrdersCsv(filter: $f) }`, { f: { search: 'awa.filtre' } }, admin())).data!.exportOrdersCsv as string;
    // Read as a French Excel or LibreOffice opens it: BOM, semicolons, every row as wide as the header.
    const sheet = readSpreadsheetCsv(csv);
    expect(sheet.header).toEqual(['Date', 'Commande', 'Reçu', 'Client', 'Type', 'Contenu', 'Montant (FCFA)', 'Code promo', 'Remise (FCFA)', 'Méthode', 'Statut', 'Transaction opérateur', 'Payé le']);
    expect(sheet.records).toHaveLength(2);
    const [pendingRow, paidRow] = sheet.records;
    expect(paidRow).toMatchObject({ Contenu: 'Guide du sommeil', 'Montant (FCFA)': '656', 'Code promo': '', 'Remise (FCFA)': '', Méthode: 'Orange Money', Statut: 'Complété', 'Transaction opérateur': 'MP-CSV-1' });
    expect(pendingRow).toMatchObject({ Méthode: 'NotchPay', Statut: 'En attente', 'Payé le': '' });
    // Dates and times in the site's time zone, one format, like every export.
    expect(paidRow!.Date).toMatch(SPREADSHEET_DATE_TIME);
    expect(paidRow!['Payé le']).toMatch(SPREADSHEET_DATE_TIME);
    for (const cell of sheet.rows.flat()) expect(spreadsheetReadsAsFormula(cell)).toBe(false);
  });

  it('re-checks with the provider: a late "paid" completes an expired order', async () => {
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000666' })).order!;
    await settle(t.app.deps, order.attempt.id, { outcome: 'expired', reasonCode: 'WINDOW_PASSED' });
    t.fakes.mtn.settleAt(order.attempt.reference, 'completed', null, 'FT-LATE');
    const res = await t.gql(`mutation($id: ID!) { adminRecheckOrder(orderId: $id) { order { status attempt { status operatorTransactionId } } error { code } } }`, { id: order.id }, admin());
    expect(res.data!.adminRecheckOrder.order).toMatchObject({ status: 'COMPLETED', attempt: { status: 'COMPLETED', operatorTransactionId: 'FT-LATE' } });
  });

  it('claims: missing information, nothing found, still pending, not paid — each explained in French', async () => {
    const buyer = t.newUser();
    const CLAIM = `mutation($i: PaymentClaimInput!) { claimPayment(input: $i) { resolved message order { id status } error { code message } } }`;
    expect((await t.gql(CLAIM, { i: {} }, buyer)).data!.claimPayment).toMatchObject({ resolved: false, error: { code: 'MISSING_INFORMATION', message: 'Informations manquantes' } });
    expect((await t.gql(CLAIM, { i: { operatorTransactionId: 'NOPE-123' } }, buyer)).data!.claimPayment).toMatchObject({ resolved: false, order: null });
    const order = (await t.startCheckout(buyer, { itemId: await t.publishItem(), itemType: 'VIDEO', method: 'MTN', phone: '677000777' })).order!;
    const pending = (await t.gql(CLAIM, { i: { orderId: order.id } }, buyer)).data!.claimPayment;
    expect(pending).toMatchObject({ resolved: false, order: { id: order.id, status: 'PENDING' } });
    expect(pending.message).toMatch(/pas encore confirmé/);
    t.fakes.mtn.settleAt(order.attempt.reference, 'failed', 'NOT_ENOUGH_FUNDS');
    const notPaid = (await t.gql(CLAIM, { i: { phone: '677000777', paidAt: new Date().toISOString() } }, buyer)).data!.claimPayment;
    expect(notPaid).toMatchObject({ resolved: false });
    expect(notPaid.message).toMatch(/Solde insuffisant/);
    const signedOut = (await t.gql(CLAIM, { i: { orderId: order.id } }, null)).data!.claimPayment;
    expect(signedOut.error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Utilisateur non connecté' });
  });

  it('claims are limited per customer (each may ask the providers several times)', async () => {
    const buyer = t.newUser();
    const CLAIM = `mutation { claimPayment(input: { operatorTransactionId: "NOPE-999" }) { resolved message error { code } } }`;
    for (let i = 0; i < 10; i++) expect((await t.gql(CLAIM, {}, buyer)).data!.claimPayment.error).toBeNull();
    expect((await t.gql(CLAIM, {}, buyer)).data!.claimPayment).toMatchObject({ resolved: false, error: { code: 'RATE_LIMITED' } });
    expect((await t.gql(CLAIM, {}, t.newUser())).data!.claimPayment.error).toBeNull();
  });

  it('cancel ends the live attempt as canceled (the provider is told) and a new "Payer" starts again', async () => {
    const buyer = t.newUser();
    const itemId = await t.publishItem();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    const res = await t.gql(`mutation($id: ID!) { cancelPayment(orderId: $id) { order { status attempt { status failureMessage } } error { code } } }`, { id: order.id }, buyer);
    expect(res.data!.cancelPayment.order).toMatchObject({ status: 'CANCELED', attempt: { status: 'CANCELED', failureMessage: 'Paiement annulé.' } });
    expect(t.fakes.notchpay.calls).toContainEqual({ kind: 'cancel', reference: order.attempt.reference });
    const open = await t.gql(`query($i: ID!) { openOrder(itemId: $i, itemType: VIDEO) { id status } }`, { i: itemId }, buyer);
    expect(open.data!.openOrder).toEqual({ id: order.id, status: 'CANCELED' });
    const retry = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;
    expect(retry).toMatchObject({ id: order.id, status: 'PENDING' });
  });
});
