import { findPersonalData, userRegistered, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { commerceHarness, until } from './harness';

/*
 * Account deletion (issue 23): identity.user.deleted makes commerce keep the orders and receipts
 * (accounting law) with the buyer pseudonymised, and scrub what the providers said about them.
 */
describe('a deleted buyer', () => {
  const t = withHarness(() => commerceHarness());

  it('keeps their orders and receipts under a pseudonym, and their address, names and phone nowhere', async () => {
    const buyer = t.newUser();
    const email = `ndeye.sarr.${randomUUID().slice(0, 6)}@example.cm`;
    await t.publish('identity.user.registered', userRegistered({ userId: buyer.userId, email, firstName: 'Ndeye', lastName: 'Sarrwolof' }));
    await until(async () => ((await t.sql.query('SELECT 1 FROM commerce.buyers WHERE user_id = $1', [buyer.userId])).rowCount ? true : null), 5000, 'buyer');
    const itemId = await t.publishItem();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' })).order!;
    t.fakes.mtn.settleAt(order.attempt.reference, 'completed', null, 'MTN-TXN-7');
    await until(async () => ((await t.order(order.id)).status === 'COMPLETED' ? true : null), 5000, 'completion');
    // What real providers keep of a payer, as their answers and notifications are logged.
    await t.sql.query(`INSERT INTO commerce.provider_exchanges (attempt_id, kind, http_status, body) VALUES ($1, 'status', 200, $2::jsonb)`, [
      order.attempt.id,
      JSON.stringify({ payer: { partyIdType: 'MSISDN', partyId: '237677123456' }, customer: { name: 'Ndeye Sarrwolof', email } }),
    ]);
    await t.sql.query(
      `INSERT INTO commerce.webhook_log (id, provider, raw_body, headers, signature_valid, dedupe_key, attempt_id, outcome) VALUES ($1, 'orange', $2, '{}', null, $3, $4, 'nudged')`,
      [randomUUID(), JSON.stringify({ subscriberMsisdn: '677123456', txnid: 'MP-1' }), randomUUID(), order.attempt.id],
    );
    await t.sql.query(`INSERT INTO commerce.payment_claims (id, buyer_id, order_id, phone, finding, message) VALUES ($1, $2, $3, '+237677123456', 'not-found', 'x')`, [
      randomUUID(),
      buyer.userId,
      order.id,
    ]);
    const needles = [email, 'Ndeye', 'Sarrwolof', '677123456'];
    expect((await findPersonalData(t.sql, ['commerce'], needles)).length).toBeGreaterThan(0);

    await t.publish('identity.user.deleted', { userId: buyer.userId, deletedAt: new Date().toISOString() });
    await until(async () => ((await t.sql.query(`SELECT 1 FROM commerce.inbox WHERE consumer = 'commerce-user-deleted'`)).rowCount ? true : null), 5000, 'the erasure');

    expect(await findPersonalData(t.sql, ['commerce'], needles)).toEqual([]);
    const kept = await t.order(order.id);
    expect(kept).toMatchObject({ status: 'COMPLETED', receiptNumber: expect.stringMatching(/^LBF-/), buyerId: buyer.userId });
    expect(kept.buyerEmail).toMatch(/^compte-supprime-[0-9a-f]{12}@lbf\.invalid$/);
    expect(kept.attempt).toMatchObject({ operatorTransactionId: 'MTN-TXN-7', phone: null });
    const receipt = await t.gql(`query($id: ID!) { order(id: $id) { buyerName amount { xaf } } }`, { id: order.id }, t.newUser({ admin: true }));
    expect(receipt.data!.order).toEqual({ buyerName: 'Compte supprimé', amount: { xaf: 2356 } });
  });
});
