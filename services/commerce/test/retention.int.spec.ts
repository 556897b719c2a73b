import { RETENTION } from '@lbf/proto-events';
import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { purgeExpired } from '../src/retention';
import { commerceHarness } from './harness';

/**
 * The privacy page's duration for the payment providers' raw exchanges (proto-events RETENTION),
 * applied by commerce's daily purge: older answers, notifications and webhook rows go; the attempt
 * and its order stay (accounting), and younger exchanges are untouched.
 */
describe('commerce retention', () => {
  const t = withHarness(() => commerceHarness());
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  it('erases provider exchanges and webhooks past their duration, and nothing else', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    await t.registerBuyer(buyer);
    const { order } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677123456' });
    const attemptId = order!.attempt.id;
    const exchange = async (ageDays: number) =>
      (
        await t.sql.query(`INSERT INTO commerce.provider_exchanges (attempt_id, at, kind, http_status, body) VALUES ($1, $2, 'status', 200, '{"status":"PENDING"}') RETURNING id`, [
          attemptId,
          daysAgo(ageDays),
        ])
      ).rows[0].id as string;
    const webhook = async (ageDays: number) => {
      const id = randomUUID();
      await t.sql.query(
        `INSERT INTO commerce.webhook_log (id, provider, raw_body, headers, dedupe_key, attempt_id, outcome, received_at) VALUES ($1, 'mtn', '{}', '{}', $2, $3, 'nudged', $4)`,
        [id, `test-${id}`, attemptId, daysAgo(ageDays)],
      );
      return id;
    };
    const oldExchange = await exchange(RETENTION.providerExchangeDays + 1);
    const recentExchange = await exchange(RETENTION.providerExchangeDays - 1);
    const oldWebhook = await webhook(RETENTION.providerExchangeDays + 3);
    const recentWebhook = await webhook(1);

    const counts = await purgeExpired(t.app.ds, RETENTION);

    const ids = async (sql: string) => (await t.sql.query(sql, [attemptId])).rows.map((r: { id: string }) => String(r.id));
    const exchanges = await ids(`SELECT id FROM commerce.provider_exchanges WHERE attempt_id = $1`);
    expect(exchanges).toContain(String(recentExchange));
    expect(exchanges).not.toContain(String(oldExchange));
    const webhooks = await ids(`SELECT id FROM commerce.webhook_log WHERE attempt_id = $1`);
    expect(webhooks).toEqual([recentWebhook]);
    expect(webhooks).not.toContain(oldWebhook);
    expect(counts).toEqual({ providerExchanges: 1, webhooks: 1 });
    // The attempt and its order are kept.
    expect((await t.sql.query(`SELECT 1 FROM commerce.payment_attempts WHERE id = $1`, [attemptId])).rowCount).toBe(1);
  });
});
