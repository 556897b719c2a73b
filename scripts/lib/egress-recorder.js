'use strict';
/**
 * Preloaded (`node --require`) into every process of a test stack: writes each outgoing connection,
 * datagram and name lookup the process attempts to `$LBF_EGRESS_LOG_DIR/<pid>.jsonl`, and refuses
 * the ones that would leave loopback (a test run never sends traffic off this machine). The browser
 * tests read the files and hold them to the stack's own endpoints (web/e2e/egress.e2e.ts).
 *
 * It hooks Node's own entry points (net.Socket#connect, dgram, dns), beneath every client library
 * (pg, ioredis, nats, undici's fetch, http, nodemailer, the OpenTelemetry exporters), so a dependency
 * cannot go around it; only a native addon with its own sockets could, and none here has one.
 */
const { appendFileSync, mkdirSync } = require('node:fs');
const { join, basename, dirname } = require('node:path');
const net = require('node:net');
const dgram = require('node:dgram');
const dns = require('node:dns');

const dir = process.env.LBF_EGRESS_LOG_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.jsonl`);
  // services/<name>/dist/main.js → <name>; gateway/dist/main.js → gateway.
  const script = process.argv[1] ?? '';
  const part = basename(dirname(dirname(script))) || basename(script);

  const isLoopbackHost = (host) => {
    if (host === undefined || host === null || host === '') return true; // Node's default is localhost
    const h = String(host).replace(/^\[|\]$/g, '').toLowerCase();
    if (h === 'localhost' || h === '::1' || h === '::ffff:127.0.0.1') return true;
    return net.isIPv4(h) && h.startsWith('127.');
  };
  const record = (entry) => {
    try {
      appendFileSync(file, `${JSON.stringify({ part, pid: process.pid, at: new Date().toISOString(), ...entry })}\n`);
    } catch {
      /* the record is best effort; the connection decision below is not */
    }
  };
  const refused = (what) => Object.assign(new Error(`egress refused in a test stack: ${what}`), { code: 'EGRESS_REFUSED' });

  const originalConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function connect(...args) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const options = first !== null && typeof first === 'object' ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
    if (options.path) {
      record({ kind: 'ipc', path: String(options.path) });
      return originalConnect.apply(this, args);
    }
    const host = options.host ?? 'localhost';
    const port = Number(options.port);
    const allowed = isLoopbackHost(host);
    record({ kind: 'tcp', host, port, refused: !allowed });
    if (allowed) return originalConnect.apply(this, args);
    process.nextTick(() => this.destroy(refused(`${host}:${port}`)));
    return this;
  };

  for (const method of ['send', 'connect']) {
    const original = dgram.Socket.prototype[method];
    dgram.Socket.prototype[method] = function guarded(...args) {
      // send(msg, [offset, length,] port, address, cb) / connect(port, address, cb)
      const numbers = args.filter((a) => typeof a === 'number');
      const strings = args.filter((a) => typeof a === 'string');
      const port = method === 'connect' ? args[0] : numbers[numbers.length - 1];
      const host = strings[strings.length - 1] ?? 'localhost';
      const allowed = isLoopbackHost(host);
      record({ kind: 'udp', host, port, refused: !allowed });
      if (allowed) return original.apply(this, args);
      const cb = args.find((a) => typeof a === 'function');
      if (cb) process.nextTick(cb, refused(`udp ${host}:${port}`));
      return undefined;
    };
  }

  const guardLookup = (original, name) =>
    function lookup(hostname, ...rest) {
      const allowed = isLoopbackHost(hostname);
      record({ kind: 'dns', via: name, host: hostname, refused: !allowed });
      if (allowed) return original.call(this, hostname, ...rest);
      const cb = rest.find((a) => typeof a === 'function');
      const err = Object.assign(refused(`lookup ${hostname}`), { code: 'ENOTFOUND', hostname });
      if (cb) return void process.nextTick(cb, err);
      return Promise.reject(err);
    };
  dns.lookup = guardLookup(dns.lookup, 'lookup');
  dns.promises.lookup = guardLookup(dns.promises.lookup, 'lookup');
  for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveSrv', 'resolveTxt']) {
    dns[name] = guardLookup(dns[name], name);
    dns.promises[name] = guardLookup(dns.promises[name], name);
    dns.Resolver.prototype[name] = guardLookup(dns.Resolver.prototype[name], name);
    dns.promises.Resolver.prototype[name] = guardLookup(dns.promises.Resolver.prototype[name], name);
  }
}
