'use strict';
/**
 * HAProxy (Debian's /usr/sbin/haproxy) as a child process in front of a service's replicas, the
 * stand-in for a Kubernetes Service in the scale-out and rolling-restart tests: one frontend per
 * service on the service's own loopback port, round robin over its replicas.
 *  - Health: each replica's /ready every 500 ms; two misses in a row take it out, so a replica that
 *    drains before stopping (its /ready answers 503 from SIGTERM on, while it still serves for
 *    SHUTDOWN_DELAY_MS) leaves the pool within about a second; one success brings a restarted one
 *    back. A dead one is seen at once: its first refused connection marks it down (observe layer4).
 *  - Retries: a request whose connection was refused or failed is sent again, to another replica
 *    (option redispatch), whatever its method: it never reached a replica. A request that did reach
 *    one (an empty response: the replica died with it in flight; no answer in time) is sent again
 *    only when it is safe to run twice: a GET, or a query the gateway marked as one (header
 *    x-lbf-idempotent: query, gateway/src/graphql/replay.ts). A mutation is never sent twice.
 * HTTP mode carries graphql-ws upgrades (timeout tunnel keeps subscriptions open).
 */
const { spawn } = require('node:child_process');
const { createWriteStream, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
/** The gateway's mark on a query's subgraph fetch (gateway/src/graphql/replay.ts IDEMPOTENT_HEADER). */
const IDEMPOTENT_HEADER = 'x-lbf-idempotent';

/** The configuration text for `fronts`: [{ name, port, backends: [port…] }]. */
function haproxyConfig(fronts) {
  const lines = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 70s',
    '  timeout server 60s',
    // graphql-ws: once upgraded, the connection lives as long as the subscriber keeps it.
    '  timeout tunnel 1h',
    // Longer than the gateway keeps an idle upstream socket (IDLE_UPSTREAM_SOCKET_MS, 30 s), as the
    // subgraphs themselves do (SUBGRAPH_KEEP_ALIVE_MS): a proxy closing first races the gateway's next
    // request on that socket ("socket hang up"; seen once in the kill test with HAProxy's 5 s).
    '  timeout http-keep-alive 65s',
    '  option http-keep-alive',
    // A refused or failed connection is tried again, on another replica from the first retry on.
    // The layer-7 conditions (the request was sent) are disabled per backend unless it is idempotent.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 0rtt-rejected',
    '  option httpchk GET /ready',
    '  http-check expect status 200',
    // A slow /ready (two busy cores) is not a dead replica: 3 s to answer. A draining one answers 503
    // at once: two in a row, 500 ms apart, take it out. One passing check brings a replica back.
    '  timeout check 3s',
    '  default-server inter 500ms fastinter 250ms downinter 250ms fall 2 rise 1 observe layer4 error-limit 1 on-error mark-down',
  ];
  for (const f of fronts) {
    lines.push(`frontend ${f.name}`, `  bind 127.0.0.1:${f.port}`, `  default_backend ${f.name}-replicas`);
    lines.push(`backend ${f.name}-replicas`, '  balance roundrobin', `  http-request disable-l7-retry if !METH_GET !{ req.hdr(${IDEMPOTENT_HEADER}) -m str query }`);
    f.backends.forEach((port, i) => lines.push(`  server ${f.name}-${i + 1} 127.0.0.1:${port} check`));
  }
  return `${lines.join('\n')}\n`;
}

/** Starts HAProxy for `fronts`, waits until every frontend answers /health; resolves with { child, stop }. */
async function startHaproxy({ fronts, logDir }) {
  const dir = mkdtempSync(join(tmpdir(), 'lbf-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(fronts));
  // -db: stay in the foreground, a child of this process; -W would add a master process.
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (logDir) {
    const out = createWriteStream(join(logDir, 'haproxy.log'), { flags: 'a' });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  const deadline = Date.now() + 10_000;
  for (const f of fronts) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode} (config ${config})`);
      const ok = await fetch(`http://127.0.0.1:${f.port}/health`, { signal: globalThis.AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`haproxy's frontend ${f.name} (port ${f.port}) did not answer within 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, config, stop };
}

module.exports = { startHaproxy, haproxyConfig };
