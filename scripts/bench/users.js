'use strict';
/**
 * The back-office users table in `npm run bench` (scripts/bench.js calls it on its production stack,
 * after the commerce part has made its buyers and purchases):
 *
 * 8. The admin users page query (25 rows: identity's page, commerce's purchases and total spent,
 *    messaging's unread messages, joined by the gateway) through the gateway, against each
 *    subgraph's part of it called directly with the gateway's credential: identity's `adminUsers`,
 *    commerce's and messaging's `_entities` for the same 25 users. Prints requests/s, p50/p99 and
 *    the ratio gateway / slowest single subgraph.
 * Customers are topped up to 25 with identity's CLI when the commerce part did not run.
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const PAGE = 25;

const GATEWAY_QUERY = `query BenchUsersPage {
  adminUsers(pageSize: ${PAGE}) {
    total
    items { id fullName email phone createdAt isBanned purchaseCount totalSpent { xaf } unreadMessageCount }
  }
}`;
const IDENTITY_PART = `query BenchUsersIdentity {
  adminUsers(pageSize: ${PAGE}) { total items { id fullName email phone createdAt isBanned } }
}`;
const COMMERCE_PART = `query BenchUsersCommerce($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { purchaseCount totalSpent { xaf } } }
}`;
const MESSAGING_PART = `query BenchUsersMessaging($representations: [_Any!]!) {
  _entities(representations: $representations) { ... on User { unreadMessageCount } }
}`;

async function gql(url, query, variables, headers = {}) {
  const send = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  // A kept-alive socket the gateway closed while the customers were being made fails once: ask again.
  const res = await send().catch(() => send());
  const body = await res.json().catch(() => null);
  if (!body || body.errors || !body.data) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

function createCustomers({ count, identityDbUrl, root, env, suffix }) {
  const cli = join(root, 'services', 'identity', 'dist', 'cli', 'create-admin.js');
  for (let i = 0; i < count; i++) {
    const res = spawnSync(
      process.execPath,
      [cli, '--email', `bench-user-${suffix}-${i}@lbf.test`, '--password', `bench-pass-${suffix}-${i}`, '--first-name', 'Banc', '--last-name', `Client${i}`, '--customer'],
      { cwd: root, env: { ...process.env, ...env, DATABASE_URL: identityDbUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`could not create a customer: ${res.stderr || res.stdout}`);
  }
}

async function benchUsersTable({ gatewayUrl, subgraph, credential, admin, identityDbUrl, root, env, suffix, load, printTable }) {
  const signIn = await gql(gatewayUrl, 'mutation BenchAdminSignIn($input: SignInInput!) { signIn(input: $input) { accessToken } }', {
    input: { email: admin.email, password: admin.password, asAdmin: true },
  });
  const bearer = { authorization: `Bearer ${signIn.signIn.accessToken}` };
  let page = (await gql(gatewayUrl, GATEWAY_QUERY, {}, bearer)).adminUsers;
  if (page.items.length < PAGE) {
    createCustomers({ count: PAGE - page.items.length, identityDbUrl, root, env, suffix });
    page = (await gql(gatewayUrl, GATEWAY_QUERY, {}, bearer)).adminUsers;
  }
  const representations = page.items.map((u) => ({ __typename: 'User', id: u.id }));
  const asGateway = { ...credential, ...bearer };
  // Each part answers before it is measured: a target that errs would be timed at its error speed.
  await gql(subgraph('identity'), IDENTITY_PART, {}, asGateway);
  await gql(subgraph('commerce'), COMMERCE_PART, { representations }, asGateway);
  await gql(subgraph('messaging'), MESSAGING_PART, { representations }, asGateway);

  const identity = await load(subgraph('identity'), IDENTITY_PART, asGateway);
  const commerce = await load(subgraph('commerce'), COMMERCE_PART, asGateway, { representations });
  const messaging = await load(subgraph('messaging'), MESSAGING_PART, asGateway, { representations });
  const gateway = await load(gatewayUrl, GATEWAY_QUERY, bearer);
  const buyers = page.items.filter((u) => u.purchaseCount > 0).length;
  printTable(`8. Admin users page (${page.items.length} rows of ${page.total} users, ${buyers} with purchases; identity + commerce + messaging)`, [
    ['identity subgraph (adminUsers)', identity],
    ['commerce subgraph (_entities)', commerce],
    ['messaging subgraph (_entities)', messaging],
    ['gateway (one query)', gateway],
  ]);
  const slowest = [
    ['identity', identity],
    ['commerce', commerce],
    ['messaging', messaging],
  ].sort((a, b) => a[1].rps - b[1].rps)[0];
  console.log(`   gateway / slowest subgraph (${slowest[0]}): ${((100 * gateway.rps) / slowest[1].rps).toFixed(1)} % of its requests/s; p50 ${gateway.p50.toFixed(1)} ms vs ${slowest[1].p50.toFixed(1)} ms`);
  return { gateway, identity, commerce, messaging };
}

module.exports = { benchUsersTable };
