import { withHarness, type Loose, type TestUser } from '@lbf/service-kit/testing';
import { settle } from '../src/settlement';
import { commerceHarness } from './harness';

const HEALTH = 'status successRate medianApprovalSeconds p90ApprovalSeconds sampleSize unknownCount pendingCount windowMinutes';
const METHODS = `query { paymentMethods { method health { ${HEALTH} } operatorHealth { operator health { ${HEALTH} } } } }`;
const REPORT = `query { adminPaymentHealth { rule { windowMinutes failingBelowPercent minSettled slowMedianSeconds minApprovals }
  methods { method label health { status sampleSize } hours { hour attempts completed failed unknown successRate medianApprovalSeconds } } } }`;

/**
 * Operator health (issue 26 point 5) on commerce's own attempts: each test lives in its own hour
 * of a clock it moves (commerce's `now`), so the 30-minute windows of two tests never overlap.
 */
describe('operator health: success rate, time to approval, timeouts, the window, the degraded rule', () => {
  let clock = new Date('2026-11-27T08:00:00Z');
  const t = withHarness(() => commerceHarness({ now: () => clock, config: { paymentHealth: { cacheSeconds: 0 } } }));
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
  /** A new hour of the clock for the next test. */
  const nextHour = () => (clock = new Date(Math.ceil((clock.getTime() + 1) / 3_600_000) * 3_600_000 + 3_600_000));

  /** `n` attempts pushed now with `method`, each by its own buyer (one open order per buyer and item). */
  async function pushes(n: number, method: 'ORANGE' | 'MTN' | 'NOTCHPAY', phone: string | null): Promise<Array<{ buyer: TestUser; order: Loose }>> {
    const itemId = await t.publishItem();
    const out = [];
    for (let i = 0; i < n; i++) {
      const buyer = t.newUser();
      const { order, error } = await t.startCheckout(buyer, { itemId, itemType: 'VIDEO', method, ...(phone ? { phone } : {}) });
      if (!order) throw new Error(`startCheckout refused: ${error?.message}`);
      out.push({ buyer, order });
    }
    return out;
  }

  /** The provider's answer about an attempt, learnt at `when` (commerce's clock). */
  async function answer(order: Loose, when: Date, outcome: 'completed' | 'failed' | 'expired' | 'canceled', reasonCode: string | null = null) {
    clock = when;
    await settle(t.app.deps, order.attempt.id as string, { outcome, reasonCode });
  }

  async function health(user: TestUser | null = null): Promise<Record<string, Loose>> {
    const res = await t.gql(METHODS, {}, user);
    expect(res.errors).toBeUndefined();
    return Object.fromEntries((res.data!.paymentMethods as Loose[]).map((m) => [m.method, m]));
  }

  it('counts paid / settled and the median and 90th percentile from push to approval; FAILING under 70 % over 5 settled', async () => {
    const start = nextHour();
    const mtn = await pushes(5, 'MTN', '677100001');
    await answer(mtn[0]!.order, at(start, 20), 'completed');
    await answer(mtn[1]!.order, at(start, 40), 'completed');
    await answer(mtn[2]!.order, at(start, 60), 'completed');
    await answer(mtn[3]!.order, at(start, 70), 'failed', 'APPROVAL_REJECTED');
    await answer(mtn[4]!.order, at(start, 75), 'failed', 'NOT_ENOUGH_FUNDS');
    clock = at(start, 120);

    // Anyone may ask (the dialog's setup query), visitors included.
    const methods = await health(null);
    expect(methods.MTN!.health).toEqual({
      status: 'FAILING',
      successRate: 0.6,
      medianApprovalSeconds: 40,
      p90ApprovalSeconds: 56,
      sampleSize: 5,
      unknownCount: 0,
      pendingCount: 0,
      windowMinutes: 30,
    });
    expect(methods.MTN!.operatorHealth).toEqual([]);
    expect(methods.ORANGE!.health).toMatchObject({ status: 'UNKNOWN', successRate: null, medianApprovalSeconds: null, sampleSize: 0 });
  });

  it('is SLOW when the median time to approval is above 90 s, and OK when it is not', async () => {
    const start = nextHour();
    const orange = await pushes(4, 'ORANGE', '699100001');
    await answer(orange[0]!.order, at(start, 100), 'completed');
    await answer(orange[1]!.order, at(start, 120), 'completed');
    await answer(orange[2]!.order, at(start, 150), 'completed');
    clock = at(start, 200);
    expect((await health()).ORANGE!.health).toMatchObject({ status: 'SLOW', successRate: 1, medianApprovalSeconds: 120, sampleSize: 3, pendingCount: 1 });
    // The same figures for Prometheus.
    const scraped = await (await fetch(t.app.url.replace(/\/graphql$/, '/metrics'))).text();
    expect(scraped).toMatch(/^lbf_payment_health_status\{provider="orange",status="SLOW"[^}]*\} 1$/m);
    expect(scraped).toMatch(/^lbf_payment_health_approval_seconds\{provider="orange",quantile="0.5"[^}]*\} 120$/m);
    expect(scraped).toMatch(/^lbf_payment_health_attempts\{provider="orange",outcome="pending"[^}]*\} 1$/m);

    // Quick approvals bring the median down: OK.
    const quick = await pushes(4, 'ORANGE', '699100002');
    for (const [i, p] of quick.entries()) await answer(p.order, at(start, 205 + i), 'completed');
    clock = at(start, 300);
    expect((await health()).ORANGE!.health).toMatchObject({ status: 'OK', sampleSize: 7 });
  });

  it('records a timeout as unknown, never as a failure, until the provider answers; the customer sees the order expire as before', async () => {
    const start = nextHour();
    const mtn = await pushes(6, 'MTN', '677100003');
    for (const [i, p] of mtn.slice(0, 4).entries()) await answer(p.order, at(start, 10 + i), 'completed');
    // The provider's own timeout (MoMo "not approved in time") and ours: the window passes while it still says pending.
    await answer(mtn[4]!.order, at(start, 30), 'expired', 'COULD_NOT_PERFORM_TRANSACTION');
    clock = at(start, 6 * 60);
    const ours = mtn[5]!;
    const checked = await t.gql(`mutation($id: ID!) { checkPayment(orderId: $id) { order { status attempt { status failureCode failureMessage } } } }`, { id: ours.order.id }, ours.buyer);
    expect(checked.data!.checkPayment.order).toMatchObject({ status: 'EXPIRED', attempt: { status: 'EXPIRED', failureCode: 'WINDOW_PASSED', failureMessage: 'Le délai de confirmation est dépassé.' } });

    // Four paid, two timed out: nothing failed (four settled: too few for the rate; the approvals say OK).
    expect((await health()).MTN!.health).toMatchObject({ status: 'OK', successRate: 1, sampleSize: 4, unknownCount: 2 });
    const counted = await t.sql.query(`SELECT status, count(*)::int AS n FROM commerce.payment_attempts WHERE id = ANY($1::uuid[]) GROUP BY status ORDER BY status`, [mtn.map((p) => p.order.attempt.id)]);
    expect(counted.rows).toEqual([
      { status: 'completed', n: 4 },
      { status: 'expired', n: 2 },
    ]);

    // Later the provider answers for ours: refused. Now it is a failure; the order stays as the customer saw it.
    t.fakes.mtn.settleAt(ours.order.attempt.reference, 'failed', 'APPROVAL_REJECTED');
    const recheck = await t.gql(`mutation($id: ID!) { adminRecheckOrder(orderId: $id) { order { status attempt { status failureCode } } } }`, { id: ours.order.id }, t.newUser({ admin: true }));
    expect(recheck.data!.adminRecheckOrder.order).toMatchObject({ status: 'EXPIRED', attempt: { status: 'EXPIRED', failureCode: 'WINDOW_PASSED' } });
    expect((await health()).MTN!.health).toMatchObject({ successRate: 0.8, sampleSize: 5, unknownCount: 1 });
  });

  it('measures the last 30 minutes only; the back-office keeps the hours (administrators only)', async () => {
    const start = nextHour();
    const notch = await pushes(5, 'NOTCHPAY', null);
    for (const [i, p] of notch.entries()) await answer(p.order, at(start, 5 + i), i < 2 ? 'completed' : 'failed', 'failed');
    clock = at(start, 29 * 60);
    expect((await health()).NOTCHPAY!.health).toMatchObject({ status: 'FAILING', sampleSize: 5 });
    clock = at(start, 31 * 60);
    expect((await health()).NOTCHPAY!.health).toMatchObject({ status: 'UNKNOWN', sampleSize: 0, successRate: null });

    const refused = await t.gql(REPORT, {}, t.newUser());
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const report = await t.gql(REPORT, {}, t.newUser({ admin: true }));
    expect(report.errors).toBeUndefined();
    const { rule, methods } = report.data!.adminPaymentHealth;
    expect(rule).toEqual({ windowMinutes: 30, failingBelowPercent: 70, minSettled: 5, slowMedianSeconds: 90, minApprovals: 3 });
    expect(methods.map((m: Loose) => m.method)).toEqual(['ORANGE', 'MTN', 'NOTCHPAY']);
    const hours = methods.find((m: Loose) => m.method === 'NOTCHPAY').hours as Loose[];
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toEqual({ hour: start.toISOString(), attempts: 5, completed: 2, failed: 3, unknown: 0, successRate: 0.4, medianApprovalSeconds: 6 });
    expect(hours.at(-2)).toMatchObject({ attempts: 0, successRate: null, medianApprovalSeconds: null });
  });

  it('gives NotchPay per network, by the number its direct charge went to', async () => {
    const start = nextHour();
    const viaOrange = await pushes(2, 'NOTCHPAY', '656100001');
    const viaMtn = await pushes(1, 'NOTCHPAY', '674100001');
    for (const p of [...viaOrange, ...viaMtn]) await answer(p.order, at(start, 30), 'completed');
    clock = at(start, 60);
    const { operatorHealth, health: all } = (await health()).NOTCHPAY!;
    expect(all).toMatchObject({ sampleSize: 3, successRate: 1 });
    const byOperator = Object.fromEntries((operatorHealth as Loose[]).map((o) => [o.operator, o.health.sampleSize]));
    expect(byOperator).toEqual({ ORANGE: 2, MTN: 1 });
  });
});
