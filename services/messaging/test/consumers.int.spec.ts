import { randomUUID } from 'node:crypto';
import { until, withHarness } from '@lbf/service-kit/testing';
import { linkIn, messagingHarness } from './harness';
import { registerUser } from './factories/users';

describe('messaging consumers', () => {
  const ctx = withHarness(() => messagingHarness());

  const deliveries = async (purpose: string, dedupeKey: string) =>
    (await ctx.sql.query(`SELECT id, status, recipient FROM messaging.mail_deliveries WHERE purpose = $1 AND dedupe_key = $2`, [purpose, dedupeKey])).rows;
  const inboxed = (consumer: string, eventId: string) =>
    until(async () => ((await ctx.sql.query(`SELECT 1 FROM messaging.inbox WHERE consumer = $1 AND event_id = $2`, [consumer, eventId])).rowCount ? true : null), 10_000, 'event applied');

  it('a sign-up gets the read model row and one welcome mail; an administrator made by command gets no mail', async () => {
    const customer = await ctx.newUser();
    const email = await registerUser(ctx, customer, { firstName: 'Awa', email: `Awa.${customer.userId.slice(0, 8)}@Example.com` });
    const [mail] = await ctx.mailsTo(email.toLowerCase());
    expect(mail.subject).toBe('Bienvenue sur LBF');
    expect(mail.text).toContain('Bonjour Awa,');
    const row = (await ctx.sql.query(`SELECT email, first_name, banned FROM messaging.users WHERE user_id = $1`, [customer.userId])).rows[0];
    expect(row).toEqual({ email: email.toLowerCase(), first_name: 'Awa', banned: false });

    const admin = await ctx.newUser({ admin: true });
    const adminEmail = await registerUser(ctx, admin, { origin: 'admin-command' });
    expect(await deliveries('welcome', admin.userId)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails(adminEmail)).toHaveLength(0);
    expect(await deliveries('welcome', customer.userId)).toHaveLength(1);
  });

  it('a ban marks the user banned', async () => {
    const user = await ctx.newUser();
    await registerUser(ctx, user);
    await ctx.publish('identity.user.banned', { userId: user.userId, bannedBy: randomUUID(), reason: 'spam', bannedAt: new Date().toISOString() });
    await until(async () => ((await ctx.sql.query(`SELECT banned FROM messaging.users WHERE user_id = $1`, [user.userId])).rows[0].banned ? true : null), 10_000, 'banned');
  });

  it('an unban makes the user a recipient again, idempotently; an older ban redelivered late does not undo it', async () => {
    const admin = ctx.newUser({ admin: true });
    await registerUser(ctx, admin, { origin: 'admin-command' });
    const user = ctx.newUser();
    const email = await registerUser(ctx, user, { firstName: 'Ibrahim', lastName: 'Sow' });
    const RECIPIENTS = `query($search: String) { messageRecipients(search: $search) { id name email } }`;
    const listed = async () => ((await ctx.as(admin).gql(RECIPIENTS, { search: email })).data!.messageRecipients as Array<{ id: string }>).map((r) => r.id);
    const bannedNow = async () => (await ctx.sql.query(`SELECT banned FROM messaging.users WHERE user_id = $1`, [user.userId])).rows[0].banned as boolean;

    const bannedAt = new Date(Date.now() - 60_000).toISOString();
    const ban = await ctx.publish('identity.user.banned', { userId: user.userId, bannedBy: admin.userId, reason: 'spam', bannedAt });
    await inboxed('messaging-users-banned', ban.id);
    expect(await listed()).toEqual([]);

    const unbanData = { userId: user.userId, unbannedBy: admin.userId, reason: 'erreur de modération', unbannedAt: new Date().toISOString() };
    const unban = await ctx.publish('identity.user.unbanned', unbanData);
    await inboxed('messaging-users-unbanned', unban.id);
    expect(await bannedNow()).toBe(false);
    expect(await listed()).toEqual([user.userId]);

    // The same unban again (redelivered) changes nothing; the old ban, delivered again under a new
    // id (a replay), is older than the unban and is ignored.
    await ctx.publish('identity.user.unbanned', unbanData, unban.id);
    const replayedBan = await ctx.publish('identity.user.banned', { userId: user.userId, bannedBy: admin.userId, reason: 'spam', bannedAt });
    await inboxed('messaging-users-banned', replayedBan.id);
    expect(await bannedNow()).toBe(false);
    expect(await listed()).toEqual([user.userId]);

    // A new ban, later than the unban, applies.
    const again = await ctx.publish('identity.user.banned', { userId: user.userId, bannedBy: admin.userId, reason: 'récidive', bannedAt: new Date(Date.now() + 1000).toISOString() });
    await inboxed('messaging-users-banned', again.id);
    expect(await listed()).toEqual([]);
  });

  it('a redelivered password reset request sends exactly one mail', async () => {
    const to = `reset-${randomUUID().slice(0, 8)}@example.com`;
    const eventId = randomUUID();
    const data = {
      userId: randomUUID(),
      email: to,
      firstName: 'Jean <b>',
      resetUrl: `http://localhost:4000/auth/reinitialiser?token=${randomUUID()}`,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
    await ctx.publish('identity.password_reset.requested', data, eventId);
    await ctx.publish('identity.password_reset.requested', data, eventId);
    const [mail] = await ctx.mailsTo(to);
    await inboxed('messaging-password-reset', eventId);
    // Once more, after the inbox row exists.
    await ctx.publish('identity.password_reset.requested', data, eventId);
    await new Promise((r) => setTimeout(r, 1000));
    expect(ctx.catcher.mails(to)).toHaveLength(1);
    expect(await deliveries('password_reset', eventId)).toHaveLength(1);
    expect(mail.subject).toContain('Réinitialisation de votre mot de passe');
    expect(linkIn(mail, 'http://localhost:4000/auth/reinitialiser')).toBe(data.resetUrl);
    expect(mail.text).toContain(data.resetUrl);
    expect(mail.html).toContain('Jean &lt;b&gt;');
    expect(mail.text).toContain('1 heure');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.');
  });

  it('a password reset request already expired sends nothing', async () => {
    const to = `late-${randomUUID().slice(0, 8)}@example.com`;
    const env = await ctx.publish('identity.password_reset.requested', {
      userId: randomUUID(),
      email: to,
      firstName: 'Jean',
      resetUrl: 'http://localhost:4000/auth/reinitialiser?token=x',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await inboxed('messaging-password-reset', env.id);
    expect(await deliveries('password_reset', env.id)).toEqual([]);
    expect(ctx.catcher.mails(to)).toHaveLength(0);
  });

  it('a completed purchase sends one receipt with the amount, method, operator id and links', async () => {
    const buyer = await ctx.newUser();
    const email = await registerUser(ctx, buyer, { firstName: 'Mireille', origin: 'admin-command' });
    const orderId = randomUUID();
    const data = {
      orderId,
      receiptNumber: 'LBF-2026-000042',
      buyerId: buyer.userId,
      buyerEmail: email,
      itemId: randomUUID(),
      itemType: 'video',
      itemTitle: 'Cuisine & pâtisserie <avancé>',
      amountUsdCents: 399,
      amountXaf: 2355,
      provider: 'orange',
      operatorTransactionId: 'MP241123.1234.A56789',
      completedAt: '2026-11-23T18:30:00.000Z',
    };
    await ctx.publish('commerce.purchase.completed', data);
    await ctx.publish('commerce.purchase.completed', data);
    const [mail] = await ctx.mailsTo(email);
    expect(mail.subject).toBe('Votre reçu LBF-2026-000042 – LBF');
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain('2 355 FCFA');
      expect(part).toContain('Orange Money');
      expect(part).toContain('MP241123.1234.A56789');
      expect(part).toContain('LBF-2026-000042');
      expect(part).toContain('http://localhost:4000/dashboard');
      expect(part).toContain(`http://localhost:4000/recu/${orderId}`);
    }
    expect(mail.text).toContain('Bonjour Mireille,');
    expect(mail.text).toContain('Cuisine & pâtisserie <avancé>');
    expect(mail.html).toContain('Cuisine &amp; pâtisserie &lt;avancé&gt;');
    await new Promise((r) => setTimeout(r, 800));
    expect(ctx.catcher.mails(email)).toHaveLength(1);
  });

  it('a receipt commerce addressed to its placeholder (.invalid) waits for the registration, then goes to the buyer', async () => {
    const buyer = await ctx.newUser();
    const orderId = randomUUID();
    await ctx.publish('commerce.purchase.completed', {
      orderId,
      receiptNumber: 'LBF-2026-000077',
      buyerId: buyer.userId,
      buyerEmail: `client-${buyer.userId.slice(0, 8)}@clients.lbf.invalid`,
      itemId: randomUUID(),
      itemType: 'pdf',
      itemTitle: 'Les plantes du sommeil',
      amountUsdCents: 359,
      amountXaf: 2356,
      provider: 'mtn',
      operatorTransactionId: 'MTN-77',
      completedAt: new Date().toISOString(),
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveries('purchase_receipt', orderId)).toEqual([]);
    const email = await registerUser(ctx, buyer, { firstName: 'Koffi', origin: 'admin-command' });
    const [mail] = await ctx.mailsTo(email);
    expect(mail.subject).toBe('Votre reçu LBF-2026-000077 – LBF');
    expect(mail.text).toContain('Bonjour Koffi,');
    expect((await ctx.sql.query(`SELECT recipient FROM messaging.mail_deliveries WHERE purpose = 'purchase_receipt' AND dedupe_key = $1`, [orderId])).rows).toEqual([{ recipient: email }]);
  });

  it('site settings: the newest wins, and the next mails carry them', async () => {
    const at = Date.now();
    const newer = await ctx.publish('catalogue.settings.updated', {
      siteName: 'Les Bons Films',
      siteLogo: '/media/site/logo.png',
      contactEmail: 'contact@lbf.test',
      contactPhone: '+237 6 99 99 99 99',
      occurredAt: new Date(at).toISOString(),
    });
    await inboxed('messaging-site-settings', newer.id);
    const older = await ctx.publish('catalogue.settings.updated', {
      siteName: 'Ancien nom',
      siteLogo: null,
      contactEmail: null,
      contactPhone: null,
      occurredAt: new Date(at - 60_000).toISOString(),
    });
    await inboxed('messaging-site-settings', older.id);
    const row = (await ctx.sql.query(`SELECT site_name, site_logo, contact_email FROM messaging.site_settings`)).rows;
    expect(row).toEqual([{ site_name: 'Les Bons Films', site_logo: '/media/site/logo.png', contact_email: 'contact@lbf.test' }]);

    const user = await ctx.newUser();
    const email = await registerUser(ctx, user);
    const [mail] = await ctx.mailsTo(email);
    expect(mail.subject).toBe('Bienvenue sur Les Bons Films');
    expect(mail.html).toContain('http://localhost:4000/media/site/logo.png');
    expect(mail.text).toContain('contact@lbf.test · +237 6 99 99 99 99');
    await ctx.sql.query(`DELETE FROM messaging.site_settings`);
  });
});
