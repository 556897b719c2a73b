import { connect } from 'nats';
import { PrivateNats, until } from '@lbf/service-kit/testing';
import { identityHarness, type IdentityHarness, SIGN_UP } from './harness';

describe('the outbox when NATS is unreachable', () => {
  let nats: PrivateNats;
  let h: IdentityHarness;

  beforeAll(async () => {
    nats = await PrivateNats.started('identity-nats-');
    h = await identityHarness({ natsUrl: nats.url });
  });
  afterAll(async () => {
    await h?.teardown();
    await nats?.remove();
  });

  const streamState = async () => {
    const nc = await connect({ servers: nats.url, reconnect: false });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(h.env.stream.stream);
      const first = info.state.messages ? await jsm.streams.getMessage(h.env.stream.stream, { seq: info.state.first_seq }) : null;
      return { messages: info.state.messages, firstMsgId: first?.header.get('Nats-Msg-Id') ?? null, firstSubject: first?.subject ?? null };
    } finally {
      await nc.close();
    }
  };

  it('commits the sign-up while NATS is down, then publishes its event exactly once when NATS is back', async () => {
    await nats.stop();

    const browser = h.browser();
    const res = await browser.gql(SIGN_UP, { input: await h.signUpInput(browser) });
    expect(res.data!.signUp.error).toBeNull();
    const userId = res.data!.signUp.user.id as string;

    const row = async () =>
      (
        await h.sql.query(
          "SELECT id, sent_at, attempts FROM identity.outbox WHERE subject = 'identity.user.registered' AND envelope->'data'->>'userId' = $1",
          [userId],
        )
      ).rows[0] as { id: string; sent_at: Date | null; attempts: number };
    expect((await row()).sent_at).toBeNull();
    // The relay tried, failed, and kept the row for later.
    await until(async () => (await row()).attempts >= 1, 20_000, 'a failed publish attempt');
    expect((await row()).sent_at).toBeNull();

    await nats.start();
    const sent = await until(async () => {
      const r = await row();
      return r.sent_at ? r : null;
    }, 40_000, 'the outbox row to be published after NATS came back');

    // The sign-up's three events (registered, then the terms and the privacy notice accepted), each once, in order.
    const unsent = async () => (await h.sql.query('SELECT count(*)::int AS n FROM identity.outbox WHERE sent_at IS NULL')).rows[0].n as number;
    await until(async () => (await unsent()) === 0 || undefined, 15_000, 'the consents to be published too');
    const state = await streamState();
    expect(state).toEqual({ messages: 3, firstMsgId: sent.id, firstSubject: `${h.env.stream.prefix}.identity.user.registered` });

    // A relay that dies between publishing and marking the row sent publishes it again: JetStream keeps one.
    await h.sql.query('UPDATE identity.outbox SET sent_at = NULL WHERE id = $1', [sent.id]);
    await until(async () => (await row()).sent_at, 15_000, 'the row to be published again');
    expect((await streamState()).messages).toBe(3);
  }, 120_000);
});
