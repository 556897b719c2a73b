/**
 * A crash between committing an attempt and calling the provider. Commerce runs as a process of
 * its own (the built service, dist/) in front of the payments sandbox (the providers' real
 * protocols); a proxy between them kills that process (SIGKILL) the instant its charge request
 * arrives and drops the request, so the attempt is committed and the provider never hears of it.
 * Another commerce instance, running all along (as a second replica does), must then either send
 * the charge with the same reference or end the attempt so that the customer can pay again; it
 * must never keep a dead attempt pending for the whole window.
 */
import { builtService, gatewayHeaders, gql, type BuiltReplica } from '@lbf/service-kit/testing';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startPaymentsSandbox, type RunningSandbox } from '../../../sandbox/payments/src/server';
import type { CommerceConfig } from '../src/config';
import { ProviderUnavailable, type ChargeRequest, type ProviderAnswer } from '../src/providers/port';
import { FakeProvider } from './fake-provider';
import { startForwardingProxy, type RunningProxy } from './forwarding-proxy';
import { CHECK_PAYMENT, commerceHarness, sandboxProviders, START_CHECKOUT, until, type CommerceHarness } from './harness';

/** Forwards to the sandbox; once armed, the first request matching kills `victim` before it is forwarded, and is dropped. */
async function startKillProxy(target: string): Promise<RunningProxy & { arm(method: string, path: RegExp, victim: ChildProcess): Promise<void> }> {
  let armed: { method: string; path: RegExp; victim: ChildProcess; killed: () => void } | null = null;
  const proxy = await startForwardingProxy(
    () => ({ base: target }),
    (req) => {
      const hit = armed;
      if (!hit || req.method !== hit.method || !hit.path.test(req.url ?? '')) return false;
      armed = null;
      hit.victim.kill('SIGKILL');
      hit.killed();
      req.socket.destroy();
      return true;
    },
  );
  return { ...proxy, arm: (method, path, victim) => new Promise<void>((killed) => (armed = { method, path, victim, killed })) };
}

describe('a kill between the commit of an attempt and the provider call (commerce as its own process, the sandbox)', () => {
  let t: CommerceHarness;
  let sandbox: RunningSandbox;
  let proxy: Awaited<ReturnType<typeof startKillProxy>>;
  let childConfig: CommerceConfig;
  let startChild: (cfg: CommerceConfig) => Promise<BuiltReplica>;
  const children: ChildProcess[] = [];
  const webhookKey = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    // The first instance runs the built service.
    startChild = builtService<CommerceConfig>(join(__dirname, '..'), 'startCommerce');
    sandbox = await startPaymentsSandbox({ port: 0, webhookKey });
    proxy = await startKillProxy(sandbox.url);
    // The survivor: another instance, up all along, same database, queue and providers.
    t = await commerceHarness({
      fake: false,
      config: {
        providers: sandboxProviders(proxy.url, webhookKey),
        // Callbacks go nowhere: only the poller and the customer's clicks find the truth here.
        notifyUrl: 'http://127.0.0.1:9/payments/notify',
        pollDelaysMs: [1_500, 500],
        chargeGraceMs: 1_000,
      },
    });
    childConfig = { ...t.config, logLevel: 'warn' };
  }, 180_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t?.teardown();
    await proxy?.stop();
    await sandbox?.stop();
  });

  /** "Payer" on an instance that is killed the moment its charge request leaves for the provider; the attempt left behind. */
  async function checkoutKilledAtCall(input: Record<string, unknown>, method: string, path: RegExp) {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    const child = await startChild(childConfig);
    children.push(child.proc);
    const exited = new Promise((resolve) => child.proc.once('exit', resolve));
    const killed = proxy.arm(method, path, child.proc);
    const answer = gql(child.url, START_CHECKOUT, { input: { consentImmediateAccess: true, consentHealthData: true, itemId, itemType: 'VIDEO', ...input } }, gatewayHeaders(t.env.subgraphSecret, buyer.token)).then(
      () => 'answered',
      () => 'no answer',
    );
    await killed;
    await exited;
    expect(await answer).toBe('no answer');
    const rows = await t.sql.query(
      `SELECT a.id, a.order_id, a.reference, a.provider_reference, a.status FROM commerce.payment_attempts a JOIN commerce.orders o ON o.id = a.order_id WHERE o.buyer_id = $1`,
      [buyer.userId],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].status).toBe('pending');
    return { buyer, itemId, attempt: rows.rows[0] as { id: string; order_id: string; reference: string; provider_reference: string | null } };
  }

  const completed = (orderId: string) => until(async () => ((await t.order(orderId)).status === 'COMPLETED' ? true : null), 15_000, 'order completed');
  const attemptsOf = async (orderId: string) => (await t.sql.query(`SELECT id, status, charge_resends FROM commerce.payment_attempts WHERE order_id = $1`, [orderId])).rows;
  const completedEvents = async (orderId: string) =>
    (await t.sql.query(`SELECT count(*)::int AS n FROM commerce.outbox WHERE subject = 'commerce.purchase.completed' AND envelope->'data'->>'orderId' = $1`, [orderId])).rows[0].n as number;

  it('MTN: the poller finds no request under our X-Reference-Id and sends it, with that same reference; the phone rings and it completes', async () => {
    const { attempt } = await checkoutKilledAtCall({ method: 'MTN', phone: '56733123453' }, 'POST', /\/momo\/collection\/v1_0\/requesttopay$/);
    expect(sandbox.state.momo.has(attempt.reference)).toBe(false);
    await completed(attempt.order_id);
    expect(sandbox.state.momo.get(attempt.reference)).toMatchObject({ externalId: attempt.reference, status: 'SUCCESSFUL' });
    expect(await attemptsOf(attempt.order_id)).toEqual([{ id: attempt.id, status: 'completed', charge_resends: 1 }]);
    expect(await completedEvents(attempt.order_id)).toBe(1);
  });

  it('MTN: paying again does not hand back the dead attempt: its request is sent then, and the customer can confirm', async () => {
    const { attempt, buyer, itemId } = await checkoutKilledAtCall({ method: 'MTN', phone: '677000333' }, 'POST', /\/momo\/collection\/v1_0\/requesttopay$/);
    await new Promise((r) => setTimeout(r, 1_100));
    const again = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000333' });
    expect(again.order!.attempt.id).toBe(attempt.id);
    // The phone rings now (whichever of this click and the poller sent it, it was sent once).
    const prompt = await until(async () => sandbox.state.momo.get(attempt.reference) ?? null, 5_000, 'request at MTN');
    expect(prompt.status).toBe('PENDING');
    const prompts = await until(async () => {
      const r = (await (await fetch(`${sandbox.url}/phone/api/prompts?msisdn=237677000333`)).json()) as { prompts: Array<{ id: string }> };
      return r.prompts.length ? r.prompts : null;
    }, 5_000, 'a prompt on the phone');
    expect(prompts).toHaveLength(1);
    expect((await fetch(`${sandbox.url}/phone/api/prompts/${prompts[0]!.id}/approve`, { method: 'POST' })).status).toBe(200);
    await completed(attempt.order_id);
    expect((await attemptsOf(attempt.order_id)).map((a) => a.charge_resends)).toEqual([1]);
  });

  it('NotchPay: no payment under our reference, so it is initialized then (same reference) and the direct charge runs', async () => {
    const { attempt } = await checkoutKilledAtCall({ method: 'NOTCHPAY', phone: '674481721' }, 'POST', /\/notchpay\/payments\/initialize$/);
    expect(sandbox.state.notchpayByMerchantRef.has(attempt.reference)).toBe(false);
    await completed(attempt.order_id);
    expect(sandbox.state.notchpayByMerchantRef.has(attempt.reference)).toBe(true);
    expect(await attemptsOf(attempt.order_id)).toEqual([{ id: attempt.id, status: 'completed', charge_resends: 1 }]);
    expect(await completedEvents(attempt.order_id)).toBe(1);
  });

  it('Orange, killed before mp/init: no payToken stored means no mp/pay was sent, so it is charged then', async () => {
    const { attempt } = await checkoutKilledAtCall({ method: 'ORANGE', phone: '699000001' }, 'POST', /\/orange\/omcoreapis\/1\.0\.2\/mp\/init$/);
    expect(attempt.provider_reference).toBeNull();
    await completed(attempt.order_id);
    const payments = [...sandbox.state.orange.values()].filter((p) => p.orderId === attempt.reference);
    expect(payments.map((p) => p.status)).toEqual(['SUCCESSFULL']);
    expect(await attemptsOf(attempt.order_id)).toEqual([{ id: attempt.id, status: 'completed', charge_resends: 1 }]);
  });

  it('Orange, killed at mp/pay: the payToken was stored first; still INITIATED, it is paid with that payToken (no second mp/init)', async () => {
    const before = sandbox.state.orange.size;
    const { attempt } = await checkoutKilledAtCall({ method: 'ORANGE', phone: '699000001' }, 'POST', /\/orange\/omcoreapis\/1\.0\.2\/mp\/pay$/);
    expect(attempt.provider_reference).toMatch(/^MP/);
    expect(sandbox.state.orange.get(attempt.provider_reference!)?.status).toBe('INITIATED');
    await completed(attempt.order_id);
    expect(sandbox.state.orange.size).toBe(before + 1);
    expect(sandbox.state.orange.get(attempt.provider_reference!)).toMatchObject({ status: 'SUCCESSFULL', orderId: attempt.reference });
    expect(await completedEvents(attempt.order_id)).toBe(1);
  });
});

describe('a charge that never reached the provider, in process (fake providers)', () => {
  let t: CommerceHarness;
  const mtn = new FakeProvider('mtn', 5 * 60_000);
  /** The service's clock runs this far ahead of the real one: the grace and the window pass without waiting. */
  let skew = 0;
  beforeAll(async () => {
    // No poller in the way: only the customer's clicks ask.
    t = await commerceHarness({ providers: { mtn }, config: { pollDelaysMs: [10 * 60_000], chargeGraceMs: 10_000 }, now: () => new Date(Date.now() + skew) });
  });
  afterAll(() => t.teardown());

  /** The charge request is lost on its way (connection refused): MoMo never had it. */
  async function lostCharge() {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    mtn.unavailable = true;
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000444' })).order!;
    mtn.unavailable = false;
    expect(mtn.payments.has(order.attempt.reference)).toBe(false);
    return { itemId, buyer, order };
  }

  it('within the grace a charge may still be on its way: "Vérifier" changes nothing; past it, "Vérifier" sends it with the same reference and a new window', async () => {
    const { order, buyer } = await lostCharge();
    const charges = mtn.count('charge');
    const within = await t.gql(CHECK_PAYMENT, { orderId: order.id }, buyer);
    expect(within.data!.checkPayment.order.attempt).toMatchObject({ id: order.attempt.id, status: 'PENDING' });
    expect(mtn.count('charge')).toBe(charges);

    skew += 11_000;
    const past = await t.gql(CHECK_PAYMENT, { orderId: order.id }, buyer);
    expect(past.data!.checkPayment.order.attempt).toMatchObject({ id: order.attempt.id, status: 'PENDING' });
    expect(mtn.count('charge')).toBe(charges + 1);
    expect(mtn.payments.has(order.attempt.reference)).toBe(true);
    expect(new Date(past.data!.checkPayment.order.attempt.expiresAt).getTime()).toBeGreaterThan(new Date(order.attempt.expiresAt).getTime());
    const row = await t.sql.query(`SELECT charge_resends FROM commerce.payment_attempts WHERE id = $1`, [order.attempt.id]);
    expect(row.rows[0].charge_resends).toBe(1);
    // Asked again at once: known to MoMo now, nothing is sent twice.
    await t.gql(CHECK_PAYMENT, { orderId: order.id }, buyer);
    expect(mtn.count('charge')).toBe(charges + 1);
  });

  it('past the window, paying again ends the dead attempt in French (no money can have been taken, no alert) and starts a new one in the same click', async () => {
    const { order, buyer, itemId } = await lostCharge();
    skew += 6 * 60_000;
    const again = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000444' })).order!;
    expect(again.id).toBe(order.id);
    expect(again.attempt.id).not.toBe(order.attempt.id);
    expect(again.attempt.status).toBe('PENDING');
    expect(mtn.payments.has(again.attempt.reference)).toBe(true);
    expect(again.attempts).toEqual([
      { id: order.attempt.id, status: 'FAILED' },
      { id: again.attempt.id, status: 'PENDING' },
    ]);
    const first = await t.sql.query(`SELECT failure_code FROM commerce.payment_attempts WHERE id = $1`, [order.attempt.id]);
    expect(first.rows[0].failure_code).toBe('CHARGE_NOT_SENT');
    const alert = await t.sql.query(`SELECT alert_reason FROM commerce.orders WHERE id = $1`, [order.id]);
    expect(alert.rows[0].alert_reason).toBeNull();
    const view = await t.order(order.id);
    expect(view.attempt.id).toBe(again.attempt.id);
  });

  it('an attempt that ended so tells the customer why, in French', async () => {
    const { order, buyer } = await lostCharge();
    skew += 6 * 60_000;
    const checked = await t.gql(CHECK_PAYMENT, { orderId: order.id }, buyer);
    expect(checked.data!.checkPayment.order.attempt).toMatchObject({
      id: order.attempt.id,
      status: 'FAILED',
      failureMessage: "La demande de paiement n'a pas pu être envoyée à l'opérateur. Vous pouvez réessayer.",
    });
  });
});

/** A MoMo whose next charge request is lost on the way (connection refused): it never has it. */
class LosingMomo extends FakeProvider {
  loseNext = false;

  override async charge(request: ChargeRequest): Promise<ProviderAnswer> {
    if (!this.loseNext) return super.charge(request);
    this.loseNext = false;
    this.calls.push({ kind: 'charge', reference: request.reference });
    throw new ProviderUnavailable('mtn', 'connection refused', { kind: 'mtn.requesttopay', httpStatus: null, body: { error: 'unreachable' } });
  }
}

describe('the poller and a charge that never reached the provider (fake providers)', () => {
  let t: CommerceHarness;
  const mtn = new LosingMomo('mtn', 5 * 60_000);
  beforeAll(async () => {
    // One quick poll, then the next round would be 10 minutes away.
    t = await commerceHarness({ providers: { mtn }, config: { pollDelaysMs: [200, 10 * 60_000], chargeGraceMs: 1_500 } });
  });
  afterAll(() => t.teardown());

  it('a poll that finds it unknown within the grace comes back when the grace ends (not a round later) and sends it then', async () => {
    const itemId = await t.publishItem();
    const buyer = t.newUser();
    mtn.loseNext = true;
    const order = (await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method: 'MTN', phone: '677000666' })).order!;
    const reference = order.attempt.reference as string;
    expect(mtn.payments.has(reference)).toBe(false);
    await until(async () => (mtn.payments.has(reference) ? true : null), 8_000, 'the charge sent by the poller');
    expect(mtn.calls.filter((c) => c.kind === 'charge' && c.reference === reference)).toHaveLength(2);
    const row = await t.sql.query(`SELECT status, charge_resends FROM commerce.payment_attempts WHERE id = $1`, [order.attempt.id]);
    expect(row.rows[0]).toEqual({ status: 'pending', charge_resends: 1 });
    mtn.settleAt(reference, 'completed');
    expect((await t.gql(CHECK_PAYMENT, { orderId: order.id }, buyer)).data!.checkPayment.order.status).toBe('COMPLETED');
  });
});
