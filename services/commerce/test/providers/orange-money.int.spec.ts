import { randomUUID } from 'node:crypto';
import { ChargeNotAtProvider, createOrangeMoneyClient, orangeSubscriberMsisdn, ProviderRejected, ProviderUnavailable } from '../../src/providers';
import { answerPhone, chargeRequest, countingFetch, operatorUnderTest, phonePrompts, until } from './world';

describe('Orange Money client against the sandbox', () => {
  const { world, client: orange, charge } = operatorUnderTest('orange');

  it('is on the sandbox with a 10-minute window and can re-send prompts', () => {
    expect(orange.sandbox).toBe(true);
    expect(orange.windowMs).toBe(10 * 60 * 1000);
    expect(typeof orange.resend).toBe('function');
  });

  it('237699000001 succeeds: mp/init + mp/pay give a payToken, paymentstatus says SUCCESSFULL, notifUrl gets a POST', async () => {
    const reference = randomUUID();
    const started = await charge('+237699000001', reference);
    expect(started).toMatchObject({ outcome: 'pending', rawStatus: 'PENDING', exchange: { kind: 'orange.charge', httpStatus: 200 } });
    expect(started.providerReference).toMatch(/^MP\d{6}[0-9A-F]+$/);
    expect(started.operatorTransactionId).toBeTruthy();
    const s = await orange.status({ reference, providerReference: started.providerReference });
    expect(s).toMatchObject({ outcome: 'completed', rawStatus: 'SUCCESSFULL', reasonCode: null, operatorTransactionId: started.operatorTransactionId });

    const cb = await until(() => world.receiver.received.find((r) => r.path === '/payments/notify/orange'));
    expect(cb.method).toBe('POST');
    const verdict = orange.verifyNotification({ provider: 'orange', rawBody: cb.rawBody, headers: cb.headers });
    expect(verdict).toEqual({ valid: true, signed: false, reference, providerReference: started.providerReference, eventId: null });
  });

  it('237699000002 is refused at mp/pay with inittxnstatus 60019 (insufficient balance), then FAILED', async () => {
    const err = (await charge('237699000002').catch((e: unknown) => e)) as ProviderRejected;
    expect(err).toBeInstanceOf(ProviderRejected);
    expect(err.reasonCode).toBe('60019');
    const payToken = (err.exchange.body as { pay: { data: { payToken: string } } }).pay.data.payToken;
    expect(await orange.status({ reference: 'x', providerReference: payToken })).toMatchObject({ outcome: 'failed', reasonCode: '60019' });
  });

  it('237699000003 fails (declined)', async () => {
    const started = await charge('237699000003');
    expect(await orange.status({ reference: 'x', providerReference: started.providerReference })).toMatchObject({ outcome: 'failed', rawStatus: 'FAILED', reasonCode: null });
  });

  it('237699000004 stays pending, then EXPIRED after the window', async () => {
    // A window long enough to look once before it ends, even on a busy machine; then its end is waited for.
    await world.control('/config', { windowMs: { orange: 2000 } });
    const started = await charge('237699000004');
    expect((await orange.status({ reference: 'x', providerReference: started.providerReference })).outcome).toBe('pending');
    const expired = await until(async () => {
      const s = await orange.status({ reference: 'x', providerReference: started.providerReference });
      return s.outcome === 'expired' ? s : null;
    }, 10_000, 'the end of the window');
    expect(expired).toMatchObject({ outcome: 'expired', rawStatus: 'EXPIRED' });
  });

  it('other numbers wait for the phone; mp/push re-sends the prompt; approve completes, decline fails', async () => {
    const a = await charge('+237 699 12 34 56');
    expect(await phonePrompts(world, '699123456')).toHaveLength(1);
    const resent = await orange.resend!({ reference: 'x', providerReference: a.providerReference });
    expect(resent).toMatchObject({ outcome: 'pending', exchange: { kind: 'orange.push', httpStatus: 200 } });
    // The re-sent prompt replaces the first one.
    expect(await phonePrompts(world, '237699123456')).toHaveLength(1);
    await answerPhone(world, '237699123456', 'approve');
    expect((await orange.status({ reference: 'x', providerReference: a.providerReference })).outcome).toBe('completed');

    const d = await charge('237699123456');
    await answerPhone(world, '237699123456', 'decline');
    expect((await orange.status({ reference: 'x', providerReference: d.providerReference })).outcome).toBe('failed');
  });

  it('keeps no token, pin or X-AUTH-TOKEN in what it returns', async () => {
    const started = await charge('237699000001');
    const text = JSON.stringify(started);
    expect(text).not.toContain('sandbox-auth');
    expect(text).not.toMatch(/orange-[A-Za-z0-9_-]{20,}/);
    expect(text).not.toContain('"pin"');
  });

  it('a payToken is handed over before mp/pay; one still INITIATED (mp/pay never sent) is a charge never made, and is paid with that payToken', async () => {
    const seen: string[] = [];
    // The process "dies" at mp/pay: the payToken was stored, mp/pay never reached Orange.
    const dying = createOrangeMoneyClient({
      ...world.configs.orange!,
      fetchImpl: (input, init) => (String(input).endsWith('/mp/pay') ? Promise.reject(new Error('process killed')) : fetch(input, init)),
    });
    const reference = randomUUID();
    const lost = await dying.charge({ ...chargeRequest(world, { provider: 'orange', reference, phone: '237699000001' }), onProviderReference: async (t) => void seen.push(t) });
    expect(seen).toEqual([lost.providerReference]);
    const never = await orange.status({ reference, providerReference: seen[0]! }).catch((e: unknown) => e);
    expect(never).toBeInstanceOf(ChargeNotAtProvider);
    // Sent again with the stored payToken: no second mp/init, and the payment goes through.
    const again = await orange.charge({ ...chargeRequest(world, { provider: 'orange', reference, phone: '237699000001' }), providerReference: seen[0]!, onProviderReference: async (t) => void seen.push(t) });
    expect(again.providerReference).toBe(seen[0]);
    expect(seen).toHaveLength(1);
    expect((await orange.status({ reference, providerReference: seen[0]! })).outcome).toBe('completed');
  });

  it('a status without a payToken is a charge never made; bad credentials are refused; an unknown payToken is NOT_FOUND', async () => {
    await expect(orange.status({ reference: 'x', providerReference: null })).rejects.toBeInstanceOf(ChargeNotAtProvider);
    const bad = createOrangeMoneyClient({ ...world.configs.orange!, password: 'nope' });
    await expect(bad.charge(chargeRequest(world, { provider: 'orange', phone: '237699000001' }))).rejects.toMatchObject({ name: 'ProviderRejected', reasonCode: 'TOKEN_HTTP_401' });
    await expect(bad.status({ reference: 'x', providerReference: 'MP1' })).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(orange.status({ reference: 'x', providerReference: 'MP000000UNKNOWN' })).rejects.toMatchObject({ reasonCode: 'NOT_FOUND' });
  });

  it('gets a new token after a 401 and caches it otherwise', async () => {
    const tokens = countingFetch('/token');
    const client = createOrangeMoneyClient({ ...world.configs.orange!, fetchImpl: tokens.fetchImpl });
    const a = await client.charge(chargeRequest(world, { provider: 'orange', phone: '237699000004' }));
    await client.status({ reference: 'x', providerReference: a.providerReference });
    expect(tokens.count()).toBe(1);
    world.sandbox.state.tokens.clear();
    expect((await client.status({ reference: 'x', providerReference: a.providerReference })).outcome).toBe('pending');
    expect(tokens.count()).toBe(2);
  });

  it('a lost mp/pay answer is pending with the payToken, so the status can still find the payment', async () => {
    const client = createOrangeMoneyClient({
      ...world.configs.orange!,
      fetchImpl: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).endsWith('/mp/pay')) throw new TypeError('fetch failed (socket hang up)');
        return res;
      },
    });
    const answer = await client.charge(chargeRequest(world, { provider: 'orange', phone: '237699000001' }));
    expect(answer).toMatchObject({ outcome: 'pending', exchange: { kind: 'orange.charge', httpStatus: null } });
    expect(answer.providerReference).toMatch(/^MP/);
    expect((await orange.status({ reference: 'x', providerReference: answer.providerReference })).outcome).toBe('completed');
  });

  it('sends the subscriber number as 9 national digits', () => {
    expect(orangeSubscriberMsisdn('+237699000001')).toBe('699000001');
    expect(orangeSubscriberMsisdn('699000001')).toBe('699000001');
  });

  it('the notification switches: dropped, twice, late', async () => {
    await world.control('/next-callback', { mode: 'drop' });
    await charge('237699000001');
    await world.control('/next-callback', { mode: 'twice' });
    await charge('237699000003');
    await world.control('/next-callback', { mode: 'late', delayMs: 300 });
    const started = Date.now();
    await charge('237699000001');
    await until(() => world.receiver.received.length >= 3, 3000, 'three notifications');
    const sent = (await world.control('/sent?provider=orange')) as { sent: Array<{ mode: string | null; outcome: string; at: string }> };
    expect(sent.sent.map((s) => [s.mode, s.outcome])).toEqual([
      ['drop', 'dropped'],
      ['twice', 'delivered'],
      ['twice', 'delivered'],
      ['late', 'delivered'],
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
