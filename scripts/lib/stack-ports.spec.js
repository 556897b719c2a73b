'use strict';
/* global describe, it, expect, AbortSignal */
const { BLOCKED_PORTS, randomPortOffset, stackPorts } = require('./stack');

/**
 * Whether Node's fetch refuses to connect to `port` ("bad port"), as browsers do. Asked of
 * 127.0.0.2, on loopback but not the address this machine's servers and stacks listen on: the
 * other ports are refused by the kernel, not sent an HTTP request.
 */
async function fetchRefuses(port) {
  try {
    await fetch(`http://127.0.0.2:${port}/`, { signal: AbortSignal.timeout(200) });
    return false;
  } catch (err) {
    return /bad port/.test(String(err.cause?.message ?? err.message));
  }
}

/*
 * A stack on a random port offset once put analytics on 6665 and the gateway's fetch, the tests'
 * readiness checks and Chromium could never reach it ("not listening yet" for 60 s). The list the
 * offsets avoid must be fetch's own.
 */
describe('the ports a test stack may listen on', () => {
  it('lists every port fetch() refuses in the stacks’ ranges (4000–8200), and only those', async () => {
    const ports = Array.from({ length: 4200 }, (_, i) => 4000 + i);
    const refused = [];
    for (let i = 0; i < ports.length; i += 300) {
      const batch = ports.slice(i, i + 300);
      const answers = await Promise.all(batch.map(fetchRefuses));
      refused.push(...batch.filter((_, j) => answers[j]));
    }
    expect(refused).toEqual([...BLOCKED_PORTS].filter((p) => p >= 4000 && p < 8200));
    expect(refused).toEqual(expect.arrayContaining([5060, 5061, 6000, 6665, 6669]));
  }, 60_000);

  it('never picks an offset that lands a part on one of them', async () => {
    for (let i = 0; i < 200; i++) {
      const offset = await randomPortOffset({ from: 2000, step: 50, count: 40 });
      expect(stackPorts(offset).filter((port) => BLOCKED_PORTS.has(port))).toEqual([]);
    }
    // 2000 puts the gateway on 6000 (X11), 960 identity on 5061 (SIP over TLS).
    expect(stackPorts(2000)).toContain(6000);
    expect(stackPorts(960)).toContain(5061);
  });
});
