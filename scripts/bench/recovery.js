'use strict';
/**
 * Part `recovery` of `npm run bench` (issue 22 §5): for each service in turn, under a steady 50
 * requests/s through the gateway on a query that service answers, `kill -9` its process, start it
 * again one second later (as a container runtime or `npm start`'s supervisor would), and measure
 * from that restart:
 *  - ready: its own /ready answers 200 (boot: migrations check, Postgres, NATS, Redis, consumers);
 *  - recovered: the first request through the gateway after which every request succeeds again.
 * It also counts the errors of a second stream of requests that do not need the killed service
 * (catalogue's siteSettings; identity's `me` while catalogue is the one killed), which should be 0.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { setInterval, clearInterval } = require('node:timers');

/** The query each service answers alone, and how to tell its answer is whole. */
const PROBES = {
  identity: { query: 'query RecoveryMe { me { id } }', auth: true, ok: (d) => Boolean(d?.me?.id) },
  catalogue: { query: 'query RecoverySettings { siteSettings { siteName } }', ok: (d) => Boolean(d?.siteSettings?.siteName) },
  commerce: { query: 'query RecoveryRate { exchangeRate { xafPerUsd } }', ok: (d) => Number.isInteger(d?.exchangeRate?.xafPerUsd) },
  messaging: { query: 'query RecoveryUnread { myUnreadMessageCount }', auth: true, ok: (d) => Number.isInteger(d?.myUnreadMessageCount) },
  analytics: { query: 'query RecoveryCounters { liveCounters { visitsToday } }', ok: (d) => Number.isInteger(d?.liveCounters?.visitsToday) },
};

/** One request; resolves { sent, done, ok } (times from performance.now()). */
async function probe(gatewayUrl, { query, auth, ok }, bearer) {
  const sent = performance.now();
  try {
    const res = await fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? bearer : {}) },
      body: JSON.stringify({ query }),
      signal: globalThis.AbortSignal.timeout(10_000),
    });
    const body = await res.json().catch(() => null);
    return { sent, done: performance.now(), ok: res.ok && !body?.errors && ok(body?.data) };
  } catch {
    return { sent, done: performance.now(), ok: false };
  }
}

/** Sends `probeOf()` every 1000/rate ms until stopped; resolves with every result once stopped. */
function steady(gatewayUrl, probeOf, bearer, rate) {
  const pending = [];
  const timer = setInterval(() => pending.push(probe(gatewayUrl, probeOf(), bearer)), 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      return Promise.all(pending);
    },
    results: () => pending,
  };
}

async function untilReady(url, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const ok = await fetch(url, { signal: globalThis.AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks, 100 a second
 * on Linux), or null. At ready, it is the work of booting whatever share of the cores the machine
 * gave: the wall time divided by it says how contended the machine was.
 */
function cpuSeconds(pid) {
  try {
    // Fields after the command (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * A live subscriber through the gateway (graphql-ws) to `query`, recording when each value came:
 * after its subgraph is killed and restarted, the first value after the restart says when the
 * gateway's upstream subscription was back (it sends the current value on subscribing).
 */
function liveSubscriber(gatewayUrl, query) {
  const { createClient } = require('graphql-ws');
  const WebSocket = require('ws');
  const client = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, retryAttempts: 0 });
  const times = [];
  const errors = [];
  const unsubscribe = client.subscribe({ query }, { next: () => times.push(performance.now()), error: (err) => errors.push(err), complete: () => undefined });
  return {
    times,
    errors,
    firstAfter: (t) => times.find((at) => at > t) ?? null,
    stop: async () => {
      unsubscribe();
      await client.dispose();
    },
  };
}

/** An error a graphql-ws client reports (an Error, a CloseEvent, or GraphQL errors) in a few words. */
function describeError(err) {
  if (err instanceof Error) return err.message;
  if (err && typeof err === 'object' && 'code' in err) return `closed ${err.code} ${err.reason ?? ''}`.trim();
  return JSON.stringify(err).slice(0, 120);
}

/** The last `bootMs` a service logged (its boot steps in milliseconds), or null. */
function lastBoot(logFile) {
  try {
    const line = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('"bootMs"')).at(-1);
    return line ? JSON.parse(line).bootMs : null;
  } catch {
    return null;
  }
}

/**
 * Kills and restarts each service of `stack` (scripts/lib/stack.js, one process per service) and
 * prints one line per service; resolves with the figures.
 */
async function benchRecovery({ stack, gatewayUrl, bearer, services, rate = 50, downMs = 1000, settleMs = 5000 }) {
  console.log(`\n13. Recovery after kill -9 (${rate} requests/s through the gateway on the service's own query, restarted ${downMs / 1000} s after the kill)`);
  console.log(`   ${'service'.padEnd(10)} ${'ready after'.padStart(12)} ${'recovered after'.padStart(16)} ${'failed while down'.padStart(18)} ${'others\' errors'.padStart(15)} ${'CPU to ready'.padStart(13)}`);
  const figures = [];
  for (const svc of services) {
    const own = PROBES[svc.name];
    const other = svc.name === 'catalogue' ? PROBES.identity : PROBES.catalogue;
    if (!own) continue;
    const first = await probe(gatewayUrl, own, bearer);
    if (!first.ok) throw new Error(`recovery bench: ${svc.name}'s probe fails before any kill`);
    // analytics: a live counters subscriber too, through the gateway's shared upstream subscription.
    const live = svc.name === 'analytics' ? liveSubscriber(gatewayUrl, 'subscription RecoveryLive { liveCounters { visitsToday } }') : null;
    const mine = steady(gatewayUrl, () => own, bearer, rate);
    const others = steady(gatewayUrl, () => other, bearer, rate);
    await new Promise((r) => setTimeout(r, 1000));
    const part = stack.parts.get(svc.name);
    await new Promise((resolve) => {
      part.child.once('exit', resolve);
      part.child.kill('SIGKILL');
    });
    await new Promise((r) => setTimeout(r, downMs));
    const restarted = performance.now();
    // At info level, the restarted process logs where its boot went (bootMs, services/kit/src/boot.ts).
    const child = stack.respawn(svc.name, { LOG_LEVEL: 'info' });
    const ready = await untilReady(`http://127.0.0.1:${part.port}/ready`, 60_000);
    const bootCpu = cpuSeconds(child.pid);
    // Keep the load on until `settleMs` of the service's requests in a row have succeeded.
    const deadline = restarted + 60_000;
    let recoveredAt = null;
    while (performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const settled = await Promise.all(mine.results().slice(0, -Math.ceil(rate / 2)));
      const lastFailure = settled.filter((r) => !r.ok).at(-1);
      const firstGood = settled.find((r) => r.ok && r.sent > (lastFailure?.sent ?? restarted) && r.sent >= restarted - 1000);
      if (firstGood && performance.now() - firstGood.done >= settleMs) {
        recoveredAt = firstGood.done;
        break;
      }
    }
    const ownResults = await mine.stop();
    const otherResults = await others.stop();
    const failedWhileDown = ownResults.filter((r) => !r.ok).length;
    const othersFailed = otherResults.filter((r) => !r.ok).length;
    const f = {
      service: svc.name,
      readySeconds: ready === null ? null : (ready - restarted) / 1000,
      recoveredSeconds: recoveredAt === null ? null : Math.max(0, (recoveredAt - restarted) / 1000),
      failed: failedWhileDown,
      othersFailed,
      requests: ownResults.length,
      bootCpuSeconds: bootCpu,
      bootMs: null,
      liveSeconds: undefined,
    };
    f.bootMs = lastBoot(join(stack.logDir, `${svc.name}.log`));
    figures.push(f);
    const s = (n) => (n === null ? 'not in 60 s' : `${n.toFixed(2)} s`);
    console.log(
      `   ${svc.name.padEnd(10)} ${s(f.readySeconds).padStart(12)} ${s(f.recoveredSeconds).padStart(16)} ${`${f.failed}/${f.requests}`.padStart(18)} ${`${othersFailed}/${otherResults.length}`.padStart(15)} ${(bootCpu === null ? '-' : `${bootCpu.toFixed(2)} s`).padStart(13)}`,
    );
    if (live) {
      const back = live.firstAfter(restarted);
      f.liveSeconds = back === null ? null : (back - restarted) / 1000;
      console.log(`   ${''.padEnd(10)} live subscriber through the gateway: a value again ${s(f.liveSeconds)} after the restart${live.errors.length ? ` (${live.errors.length} errors: ${live.errors.map(describeError).join('; ').slice(0, 200)})` : ''}`);
      await live.stop();
    }
    if (f.bootMs) console.log(`   ${''.padEnd(10)} boot (ms): ${Object.entries(f.bootMs).map(([k, v]) => `${k === 'process' ? 'loading modules' : k} ${v}`).join(', ')}`);
  }
  return figures;
}

module.exports = { benchRecovery, PROBES };
