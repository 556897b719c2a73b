import { purchaseCompleted, until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { setupCatalogue } from './harness';

/**
 * « Offrir »: a gift order's commerce.purchase.completed grants nobody (the buyer does not own the
 * item); its commerce.gift.claimed grants the claimer, keyed by the gift's order, once; a refund of
 * that order takes it back.
 */
describe('entitlements from gifts', () => {
  const t = withHarness(() => setupCatalogue());

  const rows = async (orderId: string) =>
    (await t.sql.query(`SELECT user_id, granted_at IS NOT NULL AS granted, revoked_at IS NOT NULL AS revoked, buyer_email FROM catalogue.entitlements WHERE order_id = $1`, [orderId])).rows;

  it('the buyer is granted nothing, the claimer the item; a replayed claim changes nothing; a refund revokes it', async () => {
    const completed = purchaseCompleted({ gift: true });
    const { orderId, buyerId, itemId } = completed;
    await t.harness.publish('commerce.purchase.completed', completed);
    const claimerId = randomUUID();
    const claimed = {
      giftId: randomUUID(),
      orderId,
      receiptNumber: completed.receiptNumber,
      buyerId,
      claimerId,
      claimerEmail: 'khady.ba@example.cm',
      claimerName: 'Khady Ba',
      itemId,
      itemType: 'video' as const,
      itemTitle: completed.itemTitle,
      claimedAt: new Date().toISOString(),
    };
    await t.harness.publish('commerce.gift.claimed', claimed);
    await until(async () => ((await rows(orderId)).length ? true : null), 10_000, 'claim applied');
    // Sent again (a replay under a new id): the row keyed by the order is unchanged.
    await t.harness.publish('commerce.gift.claimed', claimed);
    await new Promise((r) => setTimeout(r, 500));
    expect(await rows(orderId)).toEqual([{ user_id: claimerId, granted: true, revoked: false, buyer_email: 'khady.ba@example.cm' }]);
    const buyerRows = await t.sql.query(`SELECT 1 FROM catalogue.entitlements WHERE user_id = $1`, [buyerId]);
    expect(buyerRows.rowCount).toBe(0);

    await t.harness.publish('commerce.purchase.refunded', {
      orderId,
      buyerId,
      itemId,
      itemType: 'video',
      amountXaf: completed.amountXaf,
      reason: 'Erreur',
      adminId: t.adminId,
      refundedAt: new Date().toISOString(),
    });
    await until(async () => ((await rows(orderId))[0]?.revoked ? true : null), 10_000, 'refund applied');
    expect(await rows(orderId)).toEqual([{ user_id: claimerId, granted: true, revoked: true, buyer_email: 'khady.ba@example.cm' }]);
  });
});
