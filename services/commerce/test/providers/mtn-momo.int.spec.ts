import { randomUUID } from 'node:crypto';
import { ChargeNotAtProvider, createMtnMomoClient, momoNote, ProviderRejected, ProviderUnavailable } from '../../src/providers';
import { answerPhone, chargeRequest, countingFetch, operatorUnderTest, phonePrompts, until } from './world';

describe('MTN MoMo client against the sandbox', () => {
  const { world, client: mtn, charge } = operatorUnderTest('mtn');

  it('is on the sandbox with MTN window of 5 minutes', () => {
    expect(mtn.sandbox).toBe(true);
    expect(mtn.windowMs).toBe(5 * 60 * 1000);
  });

  it('56733123453 succeeds at once: 202, SUCCESSFUL with a financialTransactionId, one unsigned PUT callback', async () => {
    const reference = randomUUID();
    const started = await charge('+56733123453', reference);
    expect(started).toMatchObject({ outcome: 'pending', providerReference: reference, exchange: { kind: 'mtn.requesttopay', httpStatus: 202 } });
    const s = await mtn.status({ reference, providerReference: reference });
    expect(s).toMatchObject({ outcome: 'completed', rawStatus: 'SUCCESSFUL', reasonCode: null });
    expect(s.operatorTransactionId).toMatch(/^\d{10}$/);

    const cb = await until(() => world.receiver.received.find((r) => r.path === '/payments/notify/mtn'));
    expect(cb.method).toBe('PUT');
    const body = JSON.parse(cb.rawBody.toString());
    expect(body).toMatchObject({ status: 'SUCCESSFUL', externalId: reference, currency: 'XAF', amount: '2356' });
    const verdict = mtn.verifyNotification({ provider: 'mtn', rawBody: cb.rawBody, headers: cb.headers });
    expect(verdict).toEqual({ valid: true, signed: false, reference, providerReference: reference, eventId: null });
    await new Promise((r) => setTimeout(r, 150));
    expect(world.receiver.received.filter((r) => r.path === '/payments/notify/mtn')).toHaveLength(1);
  });

  it.each([
    ['46733123450', 'INTERNAL_PROCESSING_ERROR'],
    ['46733123451', 'APPROVAL_REJECTED'],
  ])('%s fails with %s', async (msisdn, reason) => {
    const reference = randomUUID();
    await charge(msisdn, reference);
    const s = await mtn.status({ reference, providerReference: reference });
    expect(s).toMatchObject({ outcome: 'failed', rawStatus: 'FAILED', reasonCode: reason, operatorTransactionId: null });
  });

  it('accepts the reason as a bare string too', async () => {
    await world.control('/config', { momoReasonAsString: true });
    const reference = randomUUID();
    await charge('46733123451', reference);
    const s = await mtn.status({ reference, providerReference: reference });
    expect(s.reasonCode).toBe('APPROVAL_REJECTED');
    expect((s.exchange.body as { reason: unknown }).reason).toBe('APPROVAL_REJECTED');
  });

  it('46733123452 stays pending, then times out (COULD_NOT_PERFORM_TRANSACTION) after the window; 46733123454 stays pending', async () => {
    // A window long enough to look once before it ends, even on a busy machine; then its end is waited for.
    await world.control('/config', { windowMs: { mtn: 2000 } });
    const timeout = randomUUID();
    const forever = randomUUID();
    await charge('46733123452', timeout);
    await charge('46733123454', forever);
    expect((await mtn.status({ reference: timeout, providerReference: timeout })).outcome).toBe('pending');
    const expired = await until(async () => {
      const s = await mtn.status({ reference: timeout, providerReference: timeout });
      return s.outcome === 'expired' ? s : null;
    }, 10_000, 'the end of the window');
    expect(expired).toMatchObject({ outcome: 'expired', reasonCode: 'COULD_NOT_PERFORM_TRANSACTION' });
    expect((await mtn.status({ reference: forever, providerReference: forever })).outcome).toBe('pending');
    // The timeout's callback went out by itself (the sweeper), the pending one has none.
    const cb = await until(() => world.receiver.received.find((r) => r.path === '/payments/notify/mtn'));
    expect(JSON.parse(cb.rawBody.toString()).externalId).toBe(timeout);
  });

  it('any other number waits for the phone: approved -> completed, declined -> failed APPROVAL_REJECTED', async () => {
    const a = randomUUID();
    await charge('+237677000111', a);
    expect((await mtn.status({ reference: a, providerReference: a })).outcome).toBe('pending');
    const prompts = await phonePrompts(world, '237677000111');
    expect(prompts).toEqual([expect.objectContaining({ provider: 'mtn', amount: 2356 })]);
    await answerPhone(world, '237677000111', 'approve');
    expect((await mtn.status({ reference: a, providerReference: a })).outcome).toBe('completed');

    const d = randomUUID();
    await charge('+237677000111', d);
    await answerPhone(world, '237677000111', 'decline');
    expect(await mtn.status({ reference: d, providerReference: d })).toMatchObject({ outcome: 'failed', reasonCode: 'APPROVAL_REJECTED' });
  });

  it('a second charge with the same X-Reference-Id is "already created" (409), answered from the status', async () => {
    const reference = randomUUID();
    await charge('56733123453', reference);
    const again = await charge('56733123453', reference);
    expect(again).toMatchObject({ outcome: 'completed', exchange: { kind: 'mtn.requesttopay', httpStatus: 409 } });
    expect(world.sandbox.state.momo.size).toBe(1);
  });

  it('retries requesttopay with the same reference when the answer is lost, and finds the one created', async () => {
    let lost = 0;
    const client = createMtnMomoClient({
      ...world.configs.mtn!,
      fetchImpl: async (input, init) => {
        const res = await fetch(input, init);
        if (String(input).endsWith('/requesttopay') && lost++ === 0) throw new TypeError('fetch failed (socket hang up)');
        return res;
      },
    });
    const reference = randomUUID();
    const answer = await client.charge(chargeRequest(world, { provider: 'mtn', reference, phone: '46733123454' }));
    expect(answer).toMatchObject({ outcome: 'pending', exchange: { httpStatus: 409 } });
    expect(world.sandbox.state.momo.size).toBe(1);
  });

  it('caches the token (one fetch for many calls, one in flight), refreshes on expiry and after a 401', async () => {
    const tokens = countingFetch('/collection/token/');
    const client = createMtnMomoClient({ ...world.configs.mtn!, fetchImpl: tokens.fetchImpl });
    const tokenCalls = tokens.count;
    const reference = randomUUID();
    await client.charge(chargeRequest(world, { provider: 'mtn', reference, phone: '46733123454' }));
    await Promise.all(Array.from({ length: 5 }, () => client.status({ reference, providerReference: reference })));
    expect(tokenCalls()).toBe(1);

    // The sandbox forgets its tokens: the next call gets 401, fetches a new token once, succeeds.
    world.sandbox.state.tokens.clear();
    expect((await client.status({ reference, providerReference: reference })).outcome).toBe('pending');
    expect(tokenCalls()).toBe(2);

    // Short-lived tokens are refetched when they run out.
    await world.control('/config', { tokenTtlS: 1 });
    world.sandbox.state.tokens.clear();
    await client.status({ reference, providerReference: reference });
    expect(tokenCalls()).toBe(3);
    await new Promise((r) => setTimeout(r, 1100));
    await client.status({ reference, providerReference: reference });
    expect(tokenCalls()).toBe(4);
  });

  it('refuses bad credentials and unknown references with ProviderRejected', async () => {
    const bad = createMtnMomoClient({ ...world.configs.mtn!, apiKey: 'wrong' });
    await expect(bad.charge(chargeRequest(world, { provider: 'mtn', phone: '56733123453' }))).rejects.toMatchObject({ name: 'ProviderRejected', reasonCode: 'TOKEN_HTTP_401' });
    // Asking about a payment with bad credentials says nothing about the payment: try later.
    await expect(bad.status({ reference: randomUUID(), providerReference: null })).rejects.toBeInstanceOf(ProviderUnavailable);
    // 404 on our X-Reference-Id: requesttopay never reached MoMo.
    const err = await mtn.status({ reference: randomUUID(), providerReference: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChargeNotAtProvider);
    expect(err).toBeInstanceOf(ProviderRejected);
    expect(err).toMatchObject({ reasonCode: 'CHARGE_NOT_AT_PROVIDER', exchange: { httpStatus: 404 } });
  });

  it('is unavailable (not rejected) when the provider cannot be reached', async () => {
    const down = createMtnMomoClient({ ...world.configs.mtn!, baseUrl: 'http://127.0.0.1:9/momo', timeoutMs: 500 });
    await expect(down.status({ reference: randomUUID(), providerReference: null })).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('a forged callback claims success while the status says otherwise: only status is the truth', async () => {
    await world.control('/next-callback', { mode: 'forged' });
    const reference = randomUUID();
    await charge('46733123451', reference);
    const cb = await until(() => world.receiver.received.find((r) => r.path === '/payments/notify/mtn'));
    expect(JSON.parse(cb.rawBody.toString()).status).toBe('SUCCESSFUL');
    expect((await mtn.status({ reference, providerReference: reference })).outcome).toBe('failed');
  });

  it('never sends notes MoMo refuses', () => {
    expect(momoNote("L'hypertension & vous")).toBe('L hypertension vous');
    expect(momoNote('   ')).toBe('Paiement LBF');
    expect(momoNote('é'.repeat(300))).toHaveLength(160);
    expect(momoNote('Vidéo : santé')).toBe('Video : sante');
  });
});
