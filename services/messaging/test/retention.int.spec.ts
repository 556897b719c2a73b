import { RETENTION } from '@lbf/proto-events';
import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { purgeExpired } from '../src/retention';
import { messagingHarness } from './harness';

/**
 * The privacy page's durations for messaging (proto-events RETENTION), applied by the daily purge:
 * a sent mail loses its content after `mailContentDays` (its delivery record stays), a contact
 * message goes with its replies `messageYears` after the last of them, an internal message
 * `messageYears` after it was sent, a settled webhook delivery `webhookDeliveryDays` after its last
 * attempt. What is younger stays untouched.
 */
describe('messaging retention', () => {
  const t = withHarness(() => messagingHarness());
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  async function delivery(status: string, sentDaysAgo: number): Promise<string> {
    const id = randomUUID();
    await t.sql.query(
      `INSERT INTO messaging.mail_deliveries (id, purpose, dedupe_key, recipient, subject, data, status, sent_at, updated_at, created_at)
       VALUES ($1, 'welcome', $2, 'awa@example.cm', 'Bienvenue', '{"firstName":"Awa"}', $3, $4, $4, $4)`,
      [id, `test-${id}`, status, daysAgo(sentDaysAgo)],
    );
    return id;
  }

  async function contactMessage(receivedDaysAgo: number, replyDaysAgo: number | null): Promise<string> {
    const id = randomUUID();
    await t.sql.query(
      `INSERT INTO messaging.contact_messages (id, name, email, subject, message, received_at) VALUES ($1, 'Awa', 'awa@example.cm', 'general', 'Bonjour, une question.', $2)`,
      [id, daysAgo(receivedDaysAgo)],
    );
    if (replyDaysAgo !== null) {
      const deliveryId = await delivery('sent', replyDaysAgo);
      await t.sql.query(
        `INSERT INTO messaging.contact_replies (id, contact_message_id, body, sender_id, sender_name, delivery_id, sent_at) VALUES ($1, $2, 'Réponse', $3, 'Équipe', $4, $5)`,
        [randomUUID(), id, randomUUID(), deliveryId, daysAgo(replyDaysAgo)],
      );
    }
    return id;
  }

  async function internalMessage(sentDaysAgo: number): Promise<string> {
    const id = randomUUID();
    await t.sql.query(
      `INSERT INTO messaging.internal_messages (id, sender_id, sender_name, recipient_id, is_group, subject, content, recipient_count, sent_at)
       VALUES ($1, $2, 'Équipe', $3, false, 'Bonjour', 'Un message.', 1, $4)`,
      [id, randomUUID(), randomUUID(), daysAgo(sentDaysAgo)],
    );
    return id;
  }

  /** A webhook delivery last tried `daysAgo`, with one attempt, under a subscription of its own. */
  async function webhookDelivery(status: 'pending' | 'succeeded' | 'failed', lastTriedDaysAgo: number): Promise<string> {
    const subscriptionId = randomUUID();
    const id = randomUUID();
    await t.sql.query(
      `INSERT INTO messaging.webhook_subscriptions (id, url, events, secret_ciphertext, created_by) VALUES ($1, 'https://tools.example.cm/hook', '{purchase.completed}', 'sealed', $2)`,
      [subscriptionId, randomUUID()],
    );
    await t.sql.query(
      `INSERT INTO messaging.webhook_deliveries (id, subscription_id, event_id, event_type, body, status, attempts, created_at, updated_at)
       VALUES ($1, $2, $3, 'purchase.completed', '{"data":{"customerId":"c"}}', $4, 1, $5, $5)`,
      [id, subscriptionId, randomUUID(), status, daysAgo(lastTriedDaysAgo)],
    );
    await t.sql.query(`INSERT INTO messaging.webhook_attempts (delivery_id, attempt, started_at, duration_ms, succeeded) VALUES ($1, 1, $2, 12, $3)`, [
      id,
      daysAgo(lastTriedDaysAgo),
      status === 'succeeded',
    ]);
    return id;
  }

  const exists = async (table: string, id: string) => ((await t.sql.query(`SELECT 1 FROM messaging.${table} WHERE id = $1`, [id])).rowCount ?? 0) > 0;

  it('erases what is past its duration and keeps the rest', async () => {
    const years = RETENTION.messageYears * 366;
    const oldSent = await delivery('sent', RETENTION.mailContentDays + 1);
    const recentSent = await delivery('sent', RETENTION.mailContentDays - 1);
    const oldQueued = await delivery('queued', RETENTION.mailContentDays + 5);
    const oldContact = await contactMessage(years + 10, null);
    const answeredLately = await contactMessage(years + 10, 20);
    const oldInternal = await internalMessage(years + 1);
    const recentInternal = await internalMessage(10);
    const oldHook = await webhookDelivery('succeeded', RETENTION.webhookDeliveryDays + 1);
    const oldFailedHook = await webhookDelivery('failed', RETENTION.webhookDeliveryDays + 1);
    const recentHook = await webhookDelivery('succeeded', RETENTION.webhookDeliveryDays - 1);
    // Still being sent (a long outage of the receiver): kept until it settles.
    const pendingHook = await webhookDelivery('pending', RETENTION.webhookDeliveryDays + 1);

    const counts = await purgeExpired(t.app.ds, RETENTION);

    const data = async (id: string) => (await t.sql.query(`SELECT data, recipient, status FROM messaging.mail_deliveries WHERE id = $1`, [id])).rows[0];
    expect(await data(oldSent)).toEqual({ data: {}, recipient: 'awa@example.cm', status: 'sent' });
    expect((await data(recentSent)).data).toEqual({ firstName: 'Awa' });
    // Not sent yet: its content is still needed to send it.
    expect((await data(oldQueued)).data).toEqual({ firstName: 'Awa' });
    expect(await exists('contact_messages', oldContact)).toBe(false);
    expect(await exists('contact_messages', answeredLately)).toBe(true);
    expect(await exists('internal_messages', oldInternal)).toBe(false);
    expect(await exists('internal_messages', recentInternal)).toBe(true);
    expect(await exists('webhook_deliveries', oldHook)).toBe(false);
    expect(await exists('webhook_deliveries', oldFailedHook)).toBe(false);
    expect(await exists('webhook_deliveries', recentHook)).toBe(true);
    expect(await exists('webhook_deliveries', pendingHook)).toBe(true);
    // Its attempts go with it.
    expect((await t.sql.query(`SELECT 1 FROM messaging.webhook_attempts WHERE delivery_id = ANY($1)`, [[oldHook, oldFailedHook]])).rowCount).toBe(0);
    expect(counts).toMatchObject({ contactMessages: 1, internalMessages: 1, webhookDeliveries: 2 });
    expect(counts.mailContents).toBeGreaterThanOrEqual(1);

    // A second pass finds nothing more to do.
    expect(await purgeExpired(t.app.ds, RETENTION)).toEqual({ mailContents: 0, contactMessages: 0, internalMessages: 0, webhookDeliveries: 0 });
  });
});
