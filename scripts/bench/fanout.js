'use strict';
/**
 * Live fan-out: N visitors subscribe to liveCounters through the gateway, then visits are recorded;
 * for each visit, every subscriber's delay between the mutation being sent and the new counter
 * arriving is one sample. Subscribers connect from distinct loopback addresses (127.0.x.y), like
 * distinct visitors, so a per-IP socket cap applies to them as it would in production.
 */
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { LIVE, VISIT } = require('./queries');

const VISITORS_PER_ADDRESS = 4;

function addressFor(i) {
  const n = Math.floor(i / VISITORS_PER_ADDRESS);
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

function socketFrom(localAddress) {
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { localAddress });
    }
  };
}

async function postVisit(httpUrl, visitorId) {
  const res = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: VISIT, variables: { input: { path: '/', visitorId } } }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(`visit refused: ${JSON.stringify(body.errors)}`);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Returns { subscribers, visits, samples, missed, p50, p99, max } (milliseconds). */
async function measureFanOut({ httpUrl, subscribers, visits, visitorId, timeoutMs = 10_000 }) {
  const wsUrl = httpUrl.replace(/^http/, 'ws');
  const clients = [];
  const latest = new Array(subscribers).fill(-1);
  let round = null; // { target, t0, pending, samples, done }
  const onValue = (i, value) => {
    latest[i] = value;
    if (round && value >= round.target && !round.got[i]) {
      round.got[i] = true;
      round.samples.push(Number(process.hrtime.bigint() - round.t0) / 1e6);
      if (--round.pending === 0) round.done();
    }
  };
  try {
    // Connect in batches: a thousand simultaneous handshakes would measure the accept queue instead.
    for (let start = 0; start < subscribers; start += 100) {
      const batch = [];
      for (let i = start; i < Math.min(subscribers, start + 100); i++) {
        const client = createClient({ url: wsUrl, webSocketImpl: socketFrom(addressFor(i)), lazy: false, retryAttempts: 0 });
        clients.push(client);
        batch.push(
          new Promise((resolve, reject) => {
            client.subscribe(
              { query: LIVE },
              {
                next: ({ data, errors }) => {
                  if (errors) return reject(new Error(`subscriber ${i}: ${JSON.stringify(errors)}`));
                  onValue(i, data.liveCounters.visitsToday);
                  resolve();
                },
                error: (err) => reject(new Error(`subscriber ${i}: ${err instanceof Error ? err.message : JSON.stringify(err)}`)),
                complete: () => undefined,
              },
            );
          }),
        );
      }
      await Promise.all(batch);
    }
    const samples = [];
    let missed = 0;
    for (let v = 0; v < visits; v++) {
      // Let the previous round's stragglers land so each round starts from one settled value.
      await new Promise((r) => setTimeout(r, 300));
      const target = Math.max(...latest) + 1;
      const r = { target, t0: 0n, pending: subscribers, samples, got: new Array(subscribers).fill(false), done: () => undefined };
      const finished = new Promise((resolve) => (r.done = resolve));
      r.t0 = process.hrtime.bigint();
      round = r;
      // A new visitor each round: one visitor's page views 30 minutes apart or less are one visit (analytics).
      await postVisit(httpUrl, `${visitorId}-${v}`);
      const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
      if ((await Promise.race([finished, timer])) === 'timeout') missed += r.pending;
      round = null;
    }
    samples.sort((a, b) => a - b);
    return {
      subscribers,
      visits,
      samples: samples.length,
      missed,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: samples[samples.length - 1],
    };
  } finally {
    await Promise.all(clients.map((c) => Promise.resolve(c.dispose()).catch(() => undefined)));
  }
}

module.exports = { measureFanOut, percentile, postVisit };
