import { randomUUID } from 'node:crypto';
import { until, withHarness } from '@lbf/service-kit/testing';
import { deliverMail } from '../src/mail/deliver';
import { dispatchMail, queueMail } from '../src/mail/outbound';
import { sweepMail } from '../src/mail/jobs';
import { afterCommit } from '@lbf/service-kit';
import { MAIL_PURPOSES } from '../src/mail/rules';
import type { MailPurpose, TemplateData } from '../src/mail/template-data';
import { queueDelivery } from './factories/mail';
import { messagingHarness } from './harness';

describe('sending a delivery row', () => {
  const ctx = withHarness(() => messagingHarness());

  const queue = <P extends MailPurpose>(purpose: P, to: string, data: TemplateData[P], dispatch = true) => queueDelivery(ctx, { purpose, to, data }, { dispatch });
  const row = async (id: string) => (await ctx.sql.query(`SELECT * FROM messaging.mail_deliveries WHERE id = $1`, [id])).rows[0];
  const settled = (id: string) => until(async () => ((await row(id)).status === 'queued' || (await row(id)).status === 'sending' ? null : row(id)), 15_000, 'delivery settled');

  it('the table takes a row of every purpose the code knows (each migration that adds one keeps the others)', async () => {
    for (const purpose of MAIL_PURPOSES) {
      await ctx.sql.query(`INSERT INTO messaging.mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, status) VALUES ($1, $2, $3, 'x@example.com', 's', '{}', 'suppressed')`, [
        randomUUID(),
        purpose,
        `purposes-${randomUUID()}`,
      ]);
    }
    const { rows } = await ctx.sql.query(`SELECT DISTINCT purpose FROM messaging.mail_deliveries WHERE dedupe_key LIKE 'purposes-%'`);
    expect(rows.map((r: { purpose: string }) => r.purpose).sort()).toEqual([...MAIL_PURPOSES].sort());
  });

  it('sends a queued mail once, with its deterministic Message-ID, in the site layout of now', async () => {
    await ctx.sql.query(
      `INSERT INTO messaging.site_settings (id, site_name, site_logo, contact_email, contact_phone, occurred_at)
       VALUES (1, 'Ma Boutique <Test>', '/media/logo.png', 'contact@boutique.test', '+237 699 00 00 00', now())
       ON CONFLICT (id) DO UPDATE SET site_name = EXCLUDED.site_name, site_logo = EXCLUDED.site_logo,
         contact_email = EXCLUDED.contact_email, contact_phone = EXCLUDED.contact_phone`,
    );
    const to = `welcome-${randomUUID().slice(0, 8)}@example.com`;
    const id = await queue('welcome', to, { firstName: 'Awa' });
    const [mail] = await ctx.mailsTo(to);
    const r = await settled(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 1, last_error: null, smtp_message_id: `<${id}@localhost>` });
    expect(mail.messageId).toBe(`<${id}@localhost>`);
    expect(mail.subject).toBe('Bienvenue sur Ma Boutique <Test>');
    expect(mail.html).toContain('src="http://localhost:4000/media/logo.png"');
    expect(mail.html).toContain('Ma Boutique &lt;Test&gt;');
    expect(mail.html).not.toContain('<Test>');
    expect(mail.text).toContain('contact@boutique.test · +237 699 00 00 00');
    expect(mail.html).toContain('mailto:contact@boutique.test');
    expect(mail.from).toContain('no-reply@lbf.test');
    // Sending it again changes nothing: the row is no longer queued.
    expect(await deliverMail(ctx.app.deps, id, { finalAttempt: false })).toBe('skipped');
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.catcher.mails(to)).toHaveLength(1);
    await ctx.sql.query(`DELETE FROM messaging.site_settings`);
  });

  it('two workers racing for one row send it once', async () => {
    const to = `race-${randomUUID().slice(0, 8)}@example.com`;
    const id = await queue('welcome', to, { firstName: 'Awa' }, false);
    const outcomes = await Promise.all([1, 2, 3].map(() => deliverMail(ctx.app.deps, id, { finalAttempt: false })));
    expect(outcomes.sort()).toEqual(['sent', 'skipped', 'skipped']);
    await ctx.mailsTo(to);
    expect(ctx.catcher.mails(to)).toHaveLength(1);
  });

  it('a permanent refusal (550) fails the row with the server error and suppresses the address', async () => {
    const to = `bounce-${randomUUID().slice(0, 8)}@example.com`;
    const subscriberId = randomUUID();
    await ctx.sql.query(`INSERT INTO messaging.newsletter_subscribers (id, email, status, source) VALUES ($1, $2, 'active', 'footer')`, [subscriberId, to]);
    const id = await queue('welcome', to, { firstName: 'Awa' });
    const r = await settled(id);
    expect(r.status).toBe('failed');
    expect(r.attempts).toBe(1);
    expect(r.last_error).toMatch(/550/);
    const sup = await ctx.sql.query(`SELECT reason FROM messaging.suppressions WHERE email = $1`, [to]);
    expect(sup.rows).toEqual([{ reason: 'bounced' }]);
    const sub = await ctx.sql.query(`SELECT status FROM messaging.newsletter_subscribers WHERE id = $1`, [subscriberId]);
    expect(sub.rows[0].status).toBe('bounced');
    expect(ctx.catcher.mails(to)).toHaveLength(0);
    await ctx.sql.query(`DELETE FROM messaging.newsletter_subscribers WHERE id = $1`, [subscriberId]);
  });

  it('a campaign mail to a suppressed or inactive address is suppressed at send time, nothing sent', async () => {
    const to = `gone-${randomUUID().slice(0, 8)}@example.com`;
    const subscriberId = randomUUID();
    await ctx.sql.query(`INSERT INTO messaging.newsletter_subscribers (id, email, status, source) VALUES ($1, $2, 'active', 'footer')`, [subscriberId, to]);
    await ctx.sql.query(`INSERT INTO messaging.suppressions (email, email_hash, reason) VALUES ($1, encode(sha256(convert_to($1, 'UTF8')), 'hex'), 'unsubscribed')`, [to]);
    const campaignId = randomUUID();
    const id = await queueDelivery(
      ctx,
      { purpose: 'newsletter_campaign', dedupeKey: `${campaignId}-${subscriberId}`, to, subject: 'Campagne', data: { campaignId, subscriberId }, subscriberId },
      { dispatch: false },
    );
    expect(await deliverMail(ctx.app.deps, id!, { finalAttempt: false })).toBe('suppressed');
    expect((await row(id!)).status).toBe('suppressed');
    expect(ctx.catcher.mails(to)).toHaveLength(0);
    await ctx.sql.query(`DELETE FROM messaging.newsletter_subscribers WHERE id = $1`, [subscriberId]);
    await ctx.sql.query(`DELETE FROM messaging.suppressions WHERE email = $1`, [to]);
  });

  it('the sweeper sends a row left sending past its lease once, and a queued row whose dispatch was lost', async () => {
    const stuckTo = `stuck-${randomUUID().slice(0, 8)}@example.com`;
    const stuck = await queue('welcome', stuckTo, { firstName: 'Awa' }, false);
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET status = 'sending', attempts = 1, claimed_at = now() - interval '10 minutes' WHERE id = $1`, [stuck]);
    const recentTo = `recent-${randomUUID().slice(0, 8)}@example.com`;
    const recent = await queue('welcome', recentTo, { firstName: 'Awa' }, false);
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET status = 'sending', attempts = 1, claimed_at = now() - interval '10 seconds' WHERE id = $1`, [recent]);
    const lostTo = `lost-${randomUUID().slice(0, 8)}@example.com`;
    const lost = await queue('welcome', lostTo, { firstName: 'Awa' }, false);
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET updated_at = now() - interval '2 minutes' WHERE id = $1`, [lost]);

    const swept = await sweepMail(ctx.app.deps);
    expect(swept.reclaimed).toBeGreaterThanOrEqual(1);
    await ctx.mailsTo(stuckTo);
    await ctx.mailsTo(lostTo);
    expect(await settled(stuck)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await settled(lost)).toMatchObject({ status: 'sent', attempts: 1 });
    // A second sweep finds nothing to do; the row still inside its lease was left alone.
    await sweepMail(ctx.app.deps);
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails(stuckTo)).toHaveLength(1);
    expect(ctx.catcher.mails(lostTo)).toHaveLength(1);
    expect(ctx.catcher.mails(stuckTo)[0].messageId).toBe(`<${stuck}@localhost>`);
    expect((await row(recent)).status).toBe('sending');
    expect(ctx.catcher.mails(recentTo)).toHaveLength(0);
  });

  it('a mail whose job completed (skipped) is dispatched again by the sweeper once re-queued', async () => {
    const to = `again-${randomUUID().slice(0, 8)}@example.com`;
    const id = await queue('welcome', to, { firstName: 'Awa' }, false);
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET status = 'sending', claimed_at = now() WHERE id = $1`, [id]);
    await dispatchMail(ctx.app.deps, [id]);
    // The job runs, finds the row claimed by someone else, completes as 'skipped'.
    await until(async () => ((await ctx.app.queues.queue.getJob(`mail-${id}`))?.finishedOn ? true : null), 10_000, 'job finished');
    await ctx.sql.query(`UPDATE messaging.mail_deliveries SET claimed_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
    await sweepMail(ctx.app.deps);
    await ctx.mailsTo(to);
    expect(await settled(id)).toMatchObject({ status: 'sent' });
  });

  it('afterCommit runs once the transaction has committed, and never after a rollback', async () => {
    let seen: boolean | null = null;
    await ctx.app.deps.uow.run(async ({ manager }) => {
      const id = await queueMail(manager, { purpose: 'welcome', dedupeKey: randomUUID(), to: 'after-commit@example.com', subject: 's', data: { firstName: 'A' } });
      await afterCommit(manager, async () => {
        seen = (await ctx.sql.query(`SELECT 1 FROM messaging.mail_deliveries WHERE id = $1`, [id])).rowCount === 1;
      });
      expect(seen).toBeNull();
    });
    expect(seen).toBe(true);
    let ran = false;
    await expect(
      ctx.app.deps.uow.run(async ({ manager }) => {
        await afterCommit(manager, () => {
          ran = true;
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    // The next transaction on a pooled runner does not inherit the dropped callback either.
    await ctx.app.deps.uow.run(async () => undefined);
    expect(ran).toBe(false);
  });
});
