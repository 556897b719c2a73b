import { purchaseCompleted, until, withHarness, type TestUser } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { remindReviews } from '../src/review-reminders';
import { registerUser } from './factories/users';
import { messagingHarness } from './harness';

/*
 * Issue 26 point 4: five days after a purchase, one mail invites the buyer to review it; not to a
 * suppressed address, not when they already reviewed the item, not for a refunded order, and nothing
 * kept once the account is erased. Time is the service's clock (`now`), moved by the test; the delay
 * is the configured REVIEW_REMINDER_DELAY (5 days).
 */

const DAY = 24 * 3600 * 1000;
let clock = new Date();
const ctx = withHarness(() => messagingHarness({ now: () => clock, config: { reviewReminderDelayMs: 5 * DAY, reviewReminderSweepMs: 3_600_000 } }));

const REMINDER_SUBJECT = 'Qu’avez-vous pensé de « Le guide du moringa » ?';
const reminderRow = async (orderId: string) => (await ctx.sql.query(`SELECT outcome, due_at, settled_at FROM messaging.review_reminders WHERE order_id = $1`, [orderId])).rows[0];
const remindersTo = (to: string) => ctx.catcher.mails(to).filter((m) => m.subject === REMINDER_SUBJECT);

/** A registered customer who buys the guide now (commerce.purchase.completed); their address and the order, once messaging holds its reminder. */
async function buyer(tag: string): Promise<{ user: TestUser; email: string; orderId: string; itemId: string }> {
  const user = ctx.newUser();
  const email = await registerUser(ctx, user, { email: `${tag}-${user.userId.slice(0, 6)}@example.com`, firstName: 'Awa' });
  const data = purchaseCompleted({ buyerId: user.userId, buyerEmail: email, itemType: 'pdf', itemTitle: 'Le guide du moringa', completedAt: new Date().toISOString() });
  await ctx.publish('commerce.purchase.completed', data);
  await until(async () => ((await reminderRow(data.orderId)) ? true : null), 10_000, 'the reminder');
  return { user, email, orderId: data.orderId, itemId: data.itemId };
}

/** The sweep as its schedule runs it, the clock at `at`. */
async function sweepAt(at: Date) {
  clock = at;
  return remindReviews(ctx.app.deps);
}

describe('review reminders', () => {
  it('mails the buyer once, five days after the purchase, with the link to review it', async () => {
    const b = await buyer('once');
    expect(await sweepAt(new Date(Date.now() + 5 * DAY - 60_000))).toMatchObject({ mailed: 0 });
    expect(await reminderRow(b.orderId)).toMatchObject({ outcome: null, settled_at: null });

    expect(await sweepAt(new Date(Date.now() + 5 * DAY + 60_000))).toMatchObject({ mailed: 1 });
    const [mail] = await until(async () => (remindersTo(b.email).length ? remindersTo(b.email) : null), 10_000, 'the reminder mail');
    expect(mail!.text).toContain('Bonjour Awa');
    expect(mail!.text).toContain(`Donner mon avis : http://localhost:4000/pdfs/${b.itemId}#avis`);
    expect(await reminderRow(b.orderId)).toMatchObject({ outcome: 'mailed' });

    // Once: another sweep, and the purchase event delivered again, send nothing more.
    await ctx.publish('commerce.purchase.completed', purchaseCompleted({ orderId: b.orderId, buyerId: b.user.userId, buyerEmail: b.email, itemId: b.itemId, itemType: 'pdf', itemTitle: 'Le guide du moringa' }));
    expect(await sweepAt(new Date(Date.now() + 6 * DAY))).toMatchObject({ mailed: 0 });
    const { rows } = await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.mail_deliveries WHERE purpose = 'review_reminder' AND dedupe_key = $1`, [b.orderId]);
    expect(rows[0].n).toBe(1);
  });

  it('does not mail a suppressed address', async () => {
    const b = await buyer('suppressed');
    await ctx.sql.query(`INSERT INTO messaging.suppressions (email, email_hash, reason) VALUES ($1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), 'unsubscribed')`, [b.email]);
    await sweepAt(new Date(Date.now() + 5 * DAY + 60_000));
    expect(await reminderRow(b.orderId)).toMatchObject({ outcome: 'suppressed' });
    expect((await ctx.sql.query(`SELECT 1 FROM messaging.mail_deliveries WHERE purpose = 'review_reminder' AND dedupe_key = $1`, [b.orderId])).rowCount).toBe(0);
  });

  it('does not remind a buyer who already reviewed the item, nor a refunded order', async () => {
    const reviewed = await buyer('reviewed');
    await ctx.publish('catalogue.review.submitted', { reviewId: randomUUID(), userId: reviewed.user.userId, itemId: reviewed.itemId, itemType: 'pdf', rating: 5, occurredAt: new Date().toISOString() });
    await until(async () => ((await reminderRow(reviewed.orderId)).outcome === 'reviewed' ? true : null), 10_000, 'the reminder settled as reviewed');

    const refunded = await buyer('refunded');
    await ctx.publish('commerce.purchase.refunded', {
      orderId: refunded.orderId,
      buyerId: refunded.user.userId,
      itemId: refunded.itemId,
      itemType: 'pdf',
      amountXaf: 590,
      reason: 'Remboursement demandé par le client',
      adminId: randomUUID(),
      refundedAt: new Date().toISOString(),
    });
    await until(async () => ((await reminderRow(refunded.orderId)).outcome === 'refunded' ? true : null), 10_000, 'the reminder settled as refunded');

    expect(await sweepAt(new Date(Date.now() + 7 * DAY))).toMatchObject({ mailed: 0 });
    const { rows } = await ctx.sql.query(`SELECT 1 FROM messaging.mail_deliveries WHERE purpose = 'review_reminder' AND dedupe_key = ANY($1::text[])`, [[reviewed.orderId, refunded.orderId]]);
    expect(rows).toEqual([]);
  });

  it('keeps nothing of an erased account’s reminders', async () => {
    const b = await buyer('erased');
    await ctx.publish('identity.user.deleted', { userId: b.user.userId, deletedAt: new Date().toISOString() });
    await until(async () => ((await reminderRow(b.orderId)) ? null : true), 10_000, 'the reminder erased');
    expect(await sweepAt(new Date(Date.now() + 7 * DAY))).toMatchObject({ mailed: 0 });
  });
});
