'use strict';
/**
 * The import boundaries of the repository (issue 21), as a pure rule over an import graph
 * ({ file: [imported files] }, paths relative to the root): `npm run lint` applies it to the graph
 * madge builds (scripts/check-boundaries.js), a unit test applies it to small graphs.
 *
 * - A service imports no other service (tests included), nor the gateway, the web or a sandbox
 *   (its tests may start a sandbox); it reaches the kit and the event contract through their packages.
 * - The gateway's and the web's code import no service. The gateway's integration tests boot the
 *   services in-process through each one's public entry, `services/<name>/src/app.ts`, and may use
 *   the test tooling a service offers other packages in `services/<name>/test/public.ts`, only.
 * - No import circle anywhere (checked separately, from madge's own cycle finder).
 */
const SERVICES = ['identity', 'catalogue', 'commerce', 'messaging', 'analytics'];

/** The service a path belongs to ('kit' included), or null. */
function serviceOf(file) {
  const m = /^services\/([^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  const own = serviceOf(from);
  const target = serviceOf(to);
  if (own) {
    // A service's tests may start a sandbox (the payment providers' or the mail catcher's), never its code.
    if (/^sandbox\//.test(to) && /^services\/[^/]+\/test\//.test(from)) return null;
    if (/^(gateway|web|sandbox)\//.test(to)) return `a service imports no gateway, web or sandbox code`;
    if (own === 'kit' && target && target !== 'kit') return `the kit imports no service`;
    if (target && target !== own && target !== 'kit') return `${own} imports another service (${target})`;
    return null;
  }
  if (!target) return null;
  if (/^gateway\/test\//.test(from) && target !== 'kit' && /^services\/[^/]+\/(src\/app|test\/public)\.ts$/.test(to)) return null;
  if (/^(gateway|web)\//.test(from)) return `${from.split('/')[0]} code imports a service beyond its public entries (services/<name>/src/app.ts and test/public.ts, gateway tests only)`;
  return null;
}

/** Package imports that cross the same lines (`@lbf/<service>` from anywhere but that service). */
function packageRefusal(from, specifier) {
  const m = /^@lbf\/([a-z-]+)/.exec(specifier);
  if (!m || !SERVICES.includes(m[1])) return null;
  return serviceOf(from) === m[1] ? null : `imports the service package @lbf/${m[1]}`;
}

function violations(graph) {
  const out = [];
  for (const [from, tos] of Object.entries(graph)) {
    for (const to of tos) {
      const why = refusal(from, to);
      if (why) out.push(`${from} → ${to}: ${why}`);
    }
  }
  return out;
}

module.exports = { SERVICES, refusal, packageRefusal, violations };
