import { purchaseCompleted, until, withHarness } from '@lbf/service-kit/testing';
import { registerUser } from './factories/users';
import { messagingHarness } from './harness';

/*
 * « Payer pour moi » (issue 26 point 2): an order paid through a requester's link
 * (commerce.purchase.completed with `payLink`) tells the requester who paid (`pay_link_paid`) and
 * sends the payer, who has no account, the receipt at the address they gave (`pay_link_receipt`):
 * once each per order. The requester's notice is their one mail about it (no purchase receipt for
 * what they did not pay), sent like a receipt even when they unsubscribed; the payer's never goes
 * to a suppressed address; what it said of the requester goes when the requester's account is erased.
 */

const ctx = withHarness(() => messagingHarness());
const TITLE = 'Le guide du moringa';

const deliveries = async (orderId: string) =>
  (await ctx.sql.query(`SELECT purpose, recipient, status, data FROM messaging.mail_deliveries WHERE dedupe_key = $1 AND purpose LIKE 'pay_link_%' ORDER BY purpose`, [orderId])).rows as Array<{
    purpose: string;
    recipient: string;
    status: string;
    data: Record<string, unknown>;
  }>;

/** A registered requester (Awa) whose link someone just paid; the event published. */
async function paidLink(tag: string, payLink: { payerName: string | null; payerEmail: string | null }) {
  const user = ctx.newUser();
  const email = await registerUser(ctx, user, { email: `${tag}-${user.userId.slice(0, 6)}@example.com`, firstName: 'Awa' });
  const data = purchaseCompleted({ buyerId: user.userId, buyerEmail: email, itemType: 'pdf', itemTitle: TITLE, amountXaf: 2356, receiptNumber: 'LBF-2026-000042', payLink });
  const envelope = await ctx.publish('commerce.purchase.completed', data);
  return { user, email, data, envelope };
}

/** The requester's « … a payé … pour vous » mails, once there is one. */
const noticesTo = (to: string) =>
  until(async () => {
    const found = ctx.catcher.mails(to).filter((m) => m.subject.includes('pour vous'));
    return found.length ? found : null;
  }, 10_000, 'the requester’s notice');

function suppress(address: string, reason = 'unsubscribed') {
  return ctx.sql.query(`INSERT INTO messaging.suppressions (email, email_hash, reason) VALUES ($1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), $2)`, [address, reason]);
}

describe('« Payer pour moi » mails', () => {
  it('tells the requester who paid and sends the payer the receipt, once each', async () => {
    const payer = `kofi-${Date.now()}@example.com`;
    const { email, data, envelope } = await paidLink('told', { payerName: 'Kofi', payerEmail: payer });

    const [told] = await noticesTo(email);
    expect(told.subject).toBe(`Kofi a payé « ${TITLE} » pour vous`);
    expect(told.text).toContain('Bonjour Awa');
    expect(told.text).toContain(`Kofi a payé le guide « ${TITLE} » (2 356 FCFA) grâce à votre lien « Payer pour moi »`);
    expect(told.text).toContain('Ouvrir ma bibliothèque : http://localhost:4000/dashboard');

    const [receipt] = await ctx.mailsTo(payer, 1);
    expect(receipt!.subject).toBe('Reçu LBF-2026-000042');
    expect(receipt!.text).toContain('Bonjour Kofi');
    expect(receipt!.text).toContain(`Vous avez payé « ${TITLE} » pour Awa`);
    expect(receipt!.text).toContain('Montant : 2 356 FCFA');
    expect(receipt!.text).toContain('Moyen de paiement : MTN Mobile Money');

    // The event delivered again (same id) and a second event for the same order: nothing more.
    await ctx.publish('commerce.purchase.completed', data as unknown as Record<string, unknown>, envelope.id);
    await ctx.publish('commerce.purchase.completed', data as unknown as Record<string, unknown>);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await deliveries(data.orderId)).map((d) => [d.purpose, d.status])).toEqual([
      ['pay_link_paid', 'sent'],
      ['pay_link_receipt', 'sent'],
    ]);
    expect(ctx.catcher.mails(payer)).toHaveLength(1);
    // The requester's one mail: no purchase receipt besides the notice.
    expect(ctx.catcher.mails(email).filter((m) => m.subject !== 'Bienvenue sur LBF').map((m) => m.subject)).toEqual([`Kofi a payé « ${TITLE} » pour vous`]);
    const receipts = await ctx.sql.query(`SELECT 1 FROM messaging.mail_deliveries WHERE dedupe_key = $1 AND purpose = 'purchase_receipt'`, [data.orderId]);
    expect(receipts.rowCount).toBe(0);
  });

  it('without a payer name or address: « Quelqu’un », and no receipt to send', async () => {
    const { email, data } = await paidLink('anonymous', { payerName: null, payerEmail: null });
    const mails = await noticesTo(email);
    expect(mails[0]!.subject).toBe(`Quelqu’un a payé « ${TITLE} » pour vous`);
    expect((await deliveries(data.orderId)).map((d) => d.purpose)).toEqual(['pay_link_paid']);
  });

  it('sends nothing to a suppressed payer; an unsubscribed requester is still told; an order paid by its buyer sends no pay-link mail', async () => {
    const payer = `bounced-${Date.now()}@example.com`;
    await suppress(payer, 'bounced');
    const { email, data } = await paidLink('suppressed-payer', { payerName: 'Kofi', payerEmail: payer });
    await until(async () => ((await deliveries(data.orderId)).length ? true : null), 10_000, 'the requester’s notice queued');
    await ctx.mailsTo(email, 1);
    expect((await deliveries(data.orderId)).map((d) => d.purpose)).toEqual(['pay_link_paid']);
    expect(ctx.catcher.mails(payer)).toEqual([]);

    const user = ctx.newUser();
    const unsubscribed = await registerUser(ctx, user, { email: `unsub-${user.userId.slice(0, 6)}@example.com`, firstName: 'Awa' });
    await suppress(unsubscribed);
    const own = purchaseCompleted({ buyerId: user.userId, buyerEmail: unsubscribed, itemTitle: TITLE });
    const linked = purchaseCompleted({ buyerId: user.userId, buyerEmail: unsubscribed, itemTitle: TITLE, payLink: { payerName: 'Kofi', payerEmail: null } });
    await ctx.publish('commerce.purchase.completed', own);
    await ctx.publish('commerce.purchase.completed', linked);
    // Transactional, both: the receipt of what they paid, and the notice of what was paid for them.
    const mails = (await ctx.mailsTo(unsubscribed, 3)).filter((m) => m.subject !== 'Bienvenue sur LBF');
    expect(mails.map((m) => m.subject).sort()).toEqual([`Kofi a payé « ${TITLE} » pour vous`, expect.stringMatching(/^Votre reçu /)].sort());
    expect(await deliveries(own.orderId)).toEqual([]);
    expect((await deliveries(linked.orderId)).map((d) => d.purpose)).toEqual(['pay_link_paid']);
  });

  it('the requester erased: the payer’s receipt keeps its row, not what it said of them', async () => {
    const payer = `payer-${Date.now()}@example.com`;
    const { user, email, data } = await paidLink('erased', { payerName: 'Kofi', payerEmail: payer });
    await ctx.mailsTo(payer, 1);
    await noticesTo(email);
    await ctx.publish('identity.user.deleted', { userId: user.userId, deletedAt: new Date().toISOString() });
    await until(async () => ((await deliveries(data.orderId)).every((d) => Object.keys(d.data).length === 0) ? true : null), 10_000, 'the receipt cleared');
    // The requester's own notice went with their other mails (recipient and dedupe key replaced); the payer's stays, emptied.
    expect((await deliveries(data.orderId)).map((d) => [d.purpose, d.recipient, d.data])).toEqual([['pay_link_receipt', payer, {}]]);
    const theirs = await ctx.sql.query(`SELECT 1 FROM messaging.mail_deliveries WHERE recipient = $1`, [email]);
    expect(theirs.rowCount).toBe(0);
  });
});
