import type { DataSource } from 'typeorm';

export type PurgeCounts = {
  mailContents: number;
  contactMessages: number;
  internalMessages: number;
  webhookDeliveries: number;
};

const affected = async (ds: DataSource, sql: string, params: unknown[]) => ((await ds.query(sql, params)) as [unknown, number])[1];

/**
 * What the privacy page lets messaging keep no longer (proto-events RETENTION):
 * - a mail's content (its template data: names, links, a reply's text) once it left or was given up
 *   `mailContentDays` ago: the delivery row (recipient, subject, purpose, outcome, dates) stays;
 * - a contact message with its replies, `messageYears` after the last of them;
 * - the team's internal messages, `messageYears` after they were sent (their read marks go with them);
 * - a webhook delivery (the body sent, with its attempts), `webhookDeliveryDays` after its last
 *   attempt, once settled: one still pending is still being sent.
 */
export async function purgeExpired(
  ds: DataSource,
  limits: { mailContentDays: number; messageYears: number; webhookDeliveryDays: number },
  now = new Date(),
): Promise<PurgeCounts> {
  const at = now.toISOString();
  const mailContents = await affected(
    ds,
    `UPDATE mail_deliveries SET data = '{}'::jsonb, updated_at = now()
      WHERE status IN ('sent', 'failed', 'suppressed') AND data <> '{}'::jsonb
        AND coalesce(sent_at, updated_at) < $1::timestamptz - make_interval(days => $2)`,
    [at, limits.mailContentDays],
  );
  const contactMessages = await affected(
    ds,
    `DELETE FROM contact_messages m
      WHERE greatest(m.received_at, (SELECT max(r.sent_at) FROM contact_replies r WHERE r.contact_message_id = m.id))
            < $1::timestamptz - make_interval(years => $2)`,
    [at, limits.messageYears],
  );
  const internalMessages = await affected(ds, `DELETE FROM internal_messages WHERE sent_at < $1::timestamptz - make_interval(years => $2)`, [at, limits.messageYears]);
  const webhookDeliveries = await affected(
    ds,
    `DELETE FROM webhook_deliveries WHERE status <> 'pending' AND updated_at < $1::timestamptz - make_interval(days => $2)`,
    [at, limits.webhookDeliveryDays],
  );
  return { mailContents, contactMessages, internalMessages, webhookDeliveries };
}
