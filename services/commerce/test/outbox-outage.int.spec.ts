import { connect } from 'nats';
import { settle } from '../src/settlement';
import { PrivateNats } from '@lbf/service-kit/testing';
import { commerceHarness, until, type CommerceHarness } from './harness';

describe('commerce.purchase.completed when NATS is unreachable at commit', () => {
  let nats: PrivateNats;
  let t: CommerceHarness;

  beforeAll(async () => {
    nats = await PrivateNats.started('commerce-nats-');
    t = await commerceHarness({ config: { natsUrl: nats.url } });
  });
  afterAll(async () => {
    await t?.teardown().catch(() => undefined);
    await nats?.remove();
  });

  const completedInStream = async (orderId: string) => {
    const nc = await connect({ servers: nats.url, reconnect: false });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(t.env.stream.stream);
      let count = 0;
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages; seq++) {
        const m = await jsm.streams.getMessage(t.env.stream.stream, { seq }).catch(() => null);
        if (!m || !m.subject.endsWith('commerce.purchase.completed')) continue;
        if ((JSON.parse(new TextDecoder().decode(m.data)) as { data: { orderId: string } }).data.orderId === orderId) count += 1;
      }
      return count;
    } finally {
      await nc.close();
    }
  };

  it('the order completes while NATS is down; its event is published exactly once when NATS is back', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'NOTCHPAY' })).order!;

    await nats.stop();
    await settle(t.app.deps, order.attempt.id, { outcome: 'completed', operatorTransactionId: 'OP-OUTAGE' });
    expect((await t.order(order.id)).status).toBe('COMPLETED');

    const row = async () =>
      (await t.sql.query(`SELECT id, sent_at, attempts FROM commerce.outbox WHERE subject = 'commerce.purchase.completed' AND envelope->'data'->>'orderId' = $1`, [order.id]))
        .rows as Array<{ id: string; sent_at: Date | null; attempts: number }>;
    expect(await row()).toHaveLength(1);
    await until(async () => ((await row())[0]!.attempts >= 1 ? true : null), 20_000, 'a failed publish attempt');
    expect((await row())[0]!.sent_at).toBeNull();

    await nats.start();
    await until(async () => ((await row())[0]!.sent_at ? true : null), 40_000, 'the row published once NATS is back');
    expect(await completedInStream(order.id)).toBe(1);

    // A relay that published but died before marking the row: JetStream's dedupe keeps one.
    await t.sql.query(`UPDATE commerce.outbox SET sent_at = NULL WHERE id = $1`, [(await row())[0]!.id]);
    await until(async () => ((await row())[0]!.sent_at ? true : null), 15_000, 'the row published again');
    expect(await completedInStream(order.id)).toBe(1);
  }, 120_000);
});
