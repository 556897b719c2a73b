import { findPersonalData, withHarness } from '@lbf/service-kit/testing';
import { createHash, randomUUID } from 'node:crypto';
import { messagingHarness } from './harness';
import { SUBSCRIBE, subscribeAndConfirm } from './factories/newsletter';
import { registerUser } from './factories/users';

/*
 * Account deletion (issue 23): identity.user.deleted makes messaging forget the person: their read
 * model row, messages, contact messages, the mails to them (rows kept, recipient replaced), their
 * newsletter row, the address kept only as a hash on the suppression list, which still refuses it.
 */
describe('a deleted account in messaging', () => {
  const ctx = withHarness(() => messagingHarness());

  it('is erased everywhere but as a hash on the suppression list, which keeps refusing the address; once', async () => {
    const user = ctx.newUser();
    const email = `fatou.${randomUUID().slice(0, 6)}@example.sn`;
    await registerUser(ctx, user, { email, firstName: 'Fatoumata', lastName: 'Diallobe' });
    await ctx.mailsTo(email); // the welcome mail
    await subscribeAndConfirm(ctx, email);
    const contactId = randomUUID();
    await ctx.sql.query(`INSERT INTO messaging.contact_messages (id, name, email, subject, message, ip) VALUES ($1, 'Fatoumata Diallobe', $2, 'support', 'Bonjour, je suis Fatoumata.', '10.0.0.1')`, [
      contactId,
      email,
    ]);
    await ctx.sql.query(
      `INSERT INTO messaging.internal_messages (id, sender_id, sender_name, recipient_id, is_group, subject, content, recipient_count) VALUES ($1, $2, 'Mireille Admin', $3, false, 'Bonjour Fatoumata', 'Votre accès est prêt.', 1)`,
      [randomUUID(), randomUUID(), user.userId],
    );
    // An administrator asked on their behalf: the person is told when, and how to cancel.
    const scheduledFor = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    await ctx.publish('identity.user.deletion_requested', { userId: user.userId, requestedBy: randomUUID(), requestedAt: new Date().toISOString(), scheduledFor });
    const notice = await ctx.until(() => ctx.catcher.mails(email).find((m) => m.subject.startsWith('Suppression de votre compte')), 10_000, 'the deletion notice');
    expect(notice.text).toContain('Notre équipe a reçu votre demande de suppression');
    expect(notice.text).toContain('« Annuler la suppression »');
    const needles = [email, 'Fatoumata', 'Diallobe'];
    expect((await findPersonalData(ctx.sql, ['messaging'], needles)).length).toBeGreaterThan(0);
    const cleared = await ctx.events(['messaging.admin_alert.cleared']);

    const deleted = await ctx.publish('identity.user.deleted', { userId: user.userId, deletedAt: new Date().toISOString() });
    await ctx.until(async () => ((await ctx.sql.query(`SELECT 1 FROM messaging.inbox WHERE consumer = 'messaging-user-deleted'`)).rowCount ? true : null), 5000, 'the erasure');

    expect(await findPersonalData(ctx.sql, ['messaging'], needles)).toEqual([]);
    const hash = createHash('sha256').update(email).digest('hex');
    expect((await ctx.sql.query(`SELECT email, reason FROM messaging.suppressions WHERE email_hash = $1`, [hash])).rows).toEqual([{ email: null, reason: 'erased' }]);
    const mails = await ctx.sql.query(`SELECT recipient, data, status FROM messaging.mail_deliveries WHERE purpose IN ('welcome', 'newsletter_confirmation', 'account_deletion')`);
    expect(mails.rows.length).toBeGreaterThanOrEqual(3);
    for (const m of mails.rows) expect(m).toMatchObject({ recipient: expect.stringMatching(/^compte-supprime-[0-9a-f]{12}@lbf\.invalid$/), data: {} });
    await ctx.until(() => cleared.received.some((e) => e.data.alertId === `contact:${contactId}`), 5000, 'the contact alert cleared');

    // The address is refused by the newsletter (the same answer as always, and no mail).
    const before = ctx.catcher.mails(email).length;
    const again = await ctx.as(null).gql(SUBSCRIBE, { email: email.toUpperCase(), source: 'FOOTER' });
    expect(again.data!.subscribeNewsletter).toEqual({ ok: true, error: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails(email)).toHaveLength(before);
    expect((await ctx.sql.query(`SELECT 1 FROM messaging.newsletter_subscribers WHERE email = $1`, [email])).rowCount).toBe(0);

    // Redelivered: the inbox has it; nothing is done twice.
    await ctx.publish('identity.user.deleted', deleted.data as Record<string, unknown>, deleted.id);
    await new Promise((r) => setTimeout(r, 500));
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.inbox WHERE event_id = $1`, [deleted.id])).rows[0].n).toBe(1);
    expect(cleared.received.filter((e) => e.data.alertId === `contact:${contactId}`)).toHaveLength(1);
  });

  it('a late receipt does not write an erased person back; someone who registers anew with the address is mailed again', async () => {
    const user = ctx.newUser();
    const email = `moussa.${randomUUID().slice(0, 6)}@example.ml`;
    await registerUser(ctx, user, { email, firstName: 'Moussa', lastName: 'Keitabe', origin: 'admin-command' });
    const deleted = await ctx.publish('identity.user.deleted', { userId: user.userId, deletedAt: new Date().toISOString() });
    const applied = (consumer: string, id: string) => async () => ((await ctx.sql.query(`SELECT 1 FROM messaging.inbox WHERE consumer = $1 AND event_id = $2`, [consumer, id])).rowCount ? true : null);
    await ctx.until(applied('messaging-user-deleted', deleted.id), 5000, 'the erasure');
    // They never subscribed to the newsletter: their address is still kept from mail, as a hash.
    const hash = createHash('sha256').update(email).digest('hex');
    expect((await ctx.sql.query(`SELECT email, reason FROM messaging.suppressions WHERE email_hash = $1`, [hash])).rows).toEqual([{ email: null, reason: 'erased' }]);

    const orderId = randomUUID();
    const receipt = { orderId, receiptNumber: 'LBF-2026-000078', buyerId: user.userId, buyerEmail: email, buyerName: 'Moussa Keitabe', itemId: randomUUID(), itemType: 'pdf' };
    const late = await ctx.publish('commerce.purchase.completed', { ...receipt, itemTitle: 'Guide', amountUsdCents: 359, amountXaf: 2356, provider: 'mtn', operatorTransactionId: 'MTN-78', completedAt: new Date().toISOString() });
    await ctx.until(applied('messaging-purchase-receipt', late.id), 5000, 'the receipt event');
    expect(await findPersonalData(ctx.sql, ['messaging'], [email, 'Moussa', 'Keitabe'])).toEqual([]);
    expect(ctx.catcher.mails(email)).toHaveLength(0);

    // A new account with the same address: a new relationship, mailed as anyone.
    await registerUser(ctx, ctx.newUser(), { email, firstName: 'Moussa', lastName: 'Keitabe' });
    expect((await ctx.mailsTo(email))[0].subject).toMatch(/^Bienvenue/);
  });
});
