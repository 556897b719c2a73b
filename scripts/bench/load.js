#!/usr/bin/env node
'use strict';
/**
 * The load generator, in its own process so that it never shares an event loop with what it
 * measures: autocannon POSTs one GraphQL operation (or, with method GET and no body, GETs a page) for
 * a warm-up, then for the measured window, and sends the figures to the parent over IPC. Arguments
 * arrive as one JSON message. The parts of the bench start it with runLoad.
 */
const { fork } = require('node:child_process');
const { join } = require('node:path');

/** The measuring window every part uses unless it says otherwise (BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS). */
const WINDOW = {
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 16),
};

/**
 * One autocannon run in a fresh process (this file); resolves with its figures (rps, total, p50,
 * p99, non2xx, errors, timeouts). `run`: { url, method ('POST'), body, headers, connections,
 * seconds, warmupSeconds }; the window defaults to WINDOW.
 */
function runLoad(run) {
  const child = fork(join(__dirname, 'load.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result) => {
      child.kill();
      if (result.error) reject(new Error(result.error));
      else resolve(result);
    });
    child.once('exit', (code) => reject(new Error(`load generator exited with code ${code}`)));
    child.send({ ...WINDOW, ...run });
  });
}

function run(opts) {
  const autocannon = require('autocannon');
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

if (require.main === module) process.once('message', async ({ url, method = 'POST', body, headers, connections, seconds, warmupSeconds }) => {
  try {
    const base = { url, method, body, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, connections, pipelining: 1 };
    if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
    const r = await run({ ...base, duration: seconds });
    process.send({
      rps: r.requests.average,
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    });
  } catch (err) {
    process.send({ error: String(err && err.stack ? err.stack : err) });
  }
});

module.exports = { runLoad, WINDOW };
