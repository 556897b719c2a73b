import { randomUUID } from 'node:crypto';
import { until, withHarness } from '@lbf/service-kit/testing';
import { queueDelivery } from './factories/mail';
import { messagingHarness } from './harness';

const LIST = `query($status: MailStatus, $purpose: MailPurpose, $search: String, $page: Int, $pageSize: Int) {
  adminMailDeliveries(status: $status, purpose: $purpose, search: $search, page: $page, pageSize: $pageSize) {
    total page pageSize items { id purpose recipient subject status attempts lastError createdAt sentAt }
  }
}`;
const RETRY = `mutation($id: ID!) { adminRetryMailDelivery(id: $id) { delivery { id status } error { code message } } }`;

describe('the deliveries back-office', () => {
  const ctx = withHarness(() => messagingHarness());
  const tag = randomUUID().slice(0, 8);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // Rows only (no dispatch): their states are set by hand.
    for (const [name, status, purpose] of [
      ['a', 'sent', 'welcome'],
      ['b', 'failed', 'password_reset'],
      ['c', 'failed', 'welcome'],
    ] as const) {
      const data = purpose === 'welcome' ? { firstName: 'Awa' } : { firstName: 'Awa', resetUrl: 'http://localhost:4000/r?t=1', expiresAt: new Date(Date.now() + 3600_000).toISOString() };
      ids[name] = await queueDelivery(ctx, { purpose, to: `${name}-${tag}@example.com`, subject: `Sujet ${name}`, data } as Parameters<typeof queueDelivery>[1], { dispatch: false });
      await ctx.sql.query(`UPDATE messaging.mail_deliveries SET status = $2, attempts = 6, last_error = CASE WHEN $2 = 'failed' THEN 'ECONNREFUSED' END, created_at = now() - ($3 || ' seconds')::interval WHERE id = $1`, [ids[name], status, String(name.charCodeAt(0))]);
    }
  });

  it('lists deliveries newest first, filtered by status, purpose and recipient, for administrators only', async () => {
    const admin = await ctx.newUser({ admin: true });
    const all = await ctx.as(admin).gql(LIST, { search: tag.toUpperCase() });
    expect(all.errors).toBeUndefined();
    expect(all.data!.adminMailDeliveries.total).toBe(3);
    expect(all.data!.adminMailDeliveries.items.map((d: { recipient: string }) => d.recipient[0])).toEqual(['a', 'b', 'c']);
    const failed = await ctx.as(admin).gql(LIST, { search: tag, status: 'FAILED' });
    expect(failed.data!.adminMailDeliveries.items).toEqual([
      expect.objectContaining({ id: ids.b, status: 'FAILED', purpose: 'PASSWORD_RESET', lastError: 'ECONNREFUSED', attempts: 6 }),
      expect.objectContaining({ id: ids.c, status: 'FAILED', purpose: 'WELCOME' }),
    ]);
    const byPurpose = await ctx.as(admin).gql(LIST, { search: tag, purpose: 'PASSWORD_RESET' });
    expect(byPurpose.data!.adminMailDeliveries.total).toBe(1);
    // Every purpose of the schema filters, the later ones too (the filter reads mail/rules.ts's list).
    const byLaterPurpose = await ctx.as(admin).gql(LIST, { search: tag, purpose: 'GIFT_RECEIVED' });
    expect(byLaterPurpose.errors).toBeUndefined();
    expect(byLaterPurpose.data!.adminMailDeliveries.total).toBe(0);
    const paged = await ctx.as(admin).gql(LIST, { search: tag, page: 2, pageSize: 2 });
    expect(paged.data!.adminMailDeliveries).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [expect.objectContaining({ id: ids.c })] });
    const percent = await ctx.as(admin).gql(LIST, { search: '%' });
    expect(percent.data!.adminMailDeliveries.total).toBe(0);

    const customer = await ctx.newUser();
    expect((await ctx.as(customer).gql(LIST, {})).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await ctx.as(null).gql(LIST, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('retries a FAILED delivery (sent once), and refuses anything else', async () => {
    const admin = await ctx.newUser({ admin: true });
    const customer = await ctx.newUser();
    expect((await ctx.as(customer).gql(RETRY, { id: ids.c })).errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const res = await ctx.as(admin).gql(RETRY, { id: ids.c });
    expect(res.data!.adminRetryMailDelivery).toEqual({ delivery: { id: ids.c, status: 'QUEUED' }, error: null });
    const [mail] = await ctx.mailsTo(`c-${tag}@example.com`);
    expect(mail.messageId).toBe(`<${ids.c}@localhost>`);
    await until(async () => ((await ctx.sql.query(`SELECT status FROM messaging.mail_deliveries WHERE id = $1`, [ids.c])).rows[0].status === 'sent' ? true : null), 10_000, 'sent');

    const again = await ctx.as(admin).gql(RETRY, { id: ids.c });
    expect(again.data!.adminRetryMailDelivery).toEqual({ delivery: null, error: { code: 'NOT_RETRYABLE', message: 'Seuls les envois en échec peuvent être renvoyés.' } });
    const unknown = await ctx.as(admin).gql(RETRY, { id: randomUUID() });
    expect(unknown.data!.adminRetryMailDelivery.error).toEqual({ code: 'NOT_FOUND', message: 'Cet envoi est introuvable.' });
    expect((await ctx.as(admin).gql(RETRY, { id: 'pas-un-id' })).data!.adminRetryMailDelivery.error.code).toBe('NOT_FOUND');
    await new Promise((r) => setTimeout(r, 500));
    expect(ctx.catcher.mails(`c-${tag}@example.com`)).toHaveLength(1);
  });
});
