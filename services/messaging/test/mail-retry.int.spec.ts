import { startMailCatcher, type RunningMailCatcher } from '@lbf/mail-sandbox';
import { until } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { queueDelivery } from './factories/mail';
import { messagingHarness, type MessagingHarness } from './harness';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

describe('SMTP down, then up', () => {
  let ctx: MessagingHarness;
  let port: number;
  let late: RunningMailCatcher | null = null;
  beforeAll(async () => {
    port = await freePort();
    ctx = await messagingHarness({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryDelayMs: 400, smtpTimeoutsMs: { connection: 2000, greeting: 2000, socket: 3000 } } });
  });
  afterAll(async () => {
    await ctx.teardown();
    await late?.stop();
  });

  it('retries with back-off while the server is down and delivers once it is up, exactly once', async () => {
    const to = `retry-${randomUUID().slice(0, 8)}@example.com`;
    const id = await queueDelivery(ctx, { purpose: 'welcome', to, subject: 'Bienvenue', data: { firstName: 'Awa' } });
    const row = async () => (await ctx.sql.query(`SELECT status, attempts, last_error FROM messaging.mail_deliveries WHERE id = $1`, [id])).rows[0];
    // Two failed attempts: back to queued with the connection error.
    const failing = await until(async () => {
      const r = await row();
      return r.attempts >= 2 && r.status === 'queued' ? r : null;
    }, 15_000, 'two failed attempts');
    expect(failing.last_error).toMatch(/ECONNREFUSED/);

    late = await startMailCatcher({ smtpPort: port, httpPort: 0 });
    const [mail] = await until(() => {
      const got = late!.mails(to);
      return got.length ? got : null;
    }, 30_000, 'mail after the server came up');
    expect(mail.messageId).toBe(`<${id}@localhost>`);
    const sent = await until(async () => ((await row()).status === 'sent' ? row() : null), 10_000, 'row sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.attempts).toBeLessThanOrEqual(6);
    await new Promise((r) => setTimeout(r, 1500));
    expect(late.mails(to)).toHaveLength(1);
  });

  it('gives up after its last attempt: FAILED with the error, never sent', async () => {
    await late!.stop();
    late = null;
    const to = `giveup-${randomUUID().slice(0, 8)}@example.com`;
    const id = await queueDelivery(ctx, { purpose: 'welcome', to, subject: 'Bienvenue', data: { firstName: 'Awa' } }, { dispatch: false });
    // Fast back-off for this one: 6 attempts within a few seconds.
    await ctx.app.deps.enqueue('send-mail', { deliveryId: id }, { jobId: `mail-${id}`, attempts: 6, backoff: { type: 'fixed', delay: 50 } });
    const r = await until(async () => {
      const x = (await ctx.sql.query(`SELECT status, attempts, last_error FROM messaging.mail_deliveries WHERE id = $1`, [id])).rows[0];
      return x.status === 'failed' ? x : null;
    }, 20_000, 'row failed');
    expect(r.attempts).toBe(6);
    expect(r.last_error).toMatch(/ECONNREFUSED/);
  });
});
