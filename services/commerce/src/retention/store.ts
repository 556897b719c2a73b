import type { DataSource } from 'typeorm';

export type PurgeCounts = {
  providerExchanges: number;
  webhooks: number;
};

const affected = async (ds: DataSource, sql: string, params: unknown[]) => ((await ds.query(sql, params)) as [unknown, number])[1];

/**
 * What the privacy page lets commerce keep no longer (proto-events RETENTION): the providers' raw
 * answers and notifications (`provider_exchanges`, the `webhook_log`), `providerExchangeDays` after
 * they arrived. The attempt keeps its outcome and the operator's transaction; the order and its
 * receipt stay for the accounting period. A replayed notification older than that is no longer
 * recognised by its dedupe key, and is settled like any other: by asking the provider.
 */
export async function purgeExpired(ds: DataSource, limits: { providerExchangeDays: number }, now = new Date()): Promise<PurgeCounts> {
  const params = [now.toISOString(), limits.providerExchangeDays];
  const providerExchanges = await affected(ds, `DELETE FROM provider_exchanges WHERE at < $1::timestamptz - make_interval(days => $2)`, params);
  const webhooks = await affected(ds, `DELETE FROM webhook_log WHERE received_at < $1::timestamptz - make_interval(days => $2)`, params);
  return { providerExchanges, webhooks };
}
