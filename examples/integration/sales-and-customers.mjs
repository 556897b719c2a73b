#!/usr/bin/env node
// An integration of LBF's GraphQL API with an API key, over plain fetch (Node 20 or later, no
// dependency): today's sales with their totals, then every customer, page by page. It reads only:
// no mutation is ever sent, nothing is marked.
//
//   LBF_API_URL=https://lbf.example/graphql LBF_API_KEY=lbf_live_… node sales-and-customers.mjs
//
// The key needs the scopes orders:read and customers:read (back-office « API »). Optional:
// LBF_TIMEZONE (the site's, Africa/Douala by default: its "today"), LBF_PAGE_SIZE (1 to 100, 50).
// Every answer says what it cost (`extensions.cost`); over the key's budget the API answers
// BUDGET_EXCEEDED with the seconds to wait, which this script waits before asking again.

const url = process.env.LBF_API_URL;
const key = process.env.LBF_API_KEY;
const timeZone = process.env.LBF_TIMEZONE || 'Africa/Douala';
const pageSize = Number(process.env.LBF_PAGE_SIZE || 50);
if (!url || !key) {
  console.error('Usage: LBF_API_URL=https://…/graphql LBF_API_KEY=lbf_live_… node sales-and-customers.mjs');
  process.exit(2);
}

const SALES = `query Sales($day: String!, $first: Int!, $after: String) {
  adminOrdersConnection(filter: { status: COMPLETED, from: $day, to: $day }, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { receiptNumber itemTitle buyerEmail completedAt amount { xaf usdCents } }
  }
}`;

const CUSTOMERS = `query Customers($first: Int!, $after: String) {
  adminUsersConnection(first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id email firstName lastName createdAt }
  }
}`;

/** One GraphQL request with the key; waits and asks again when the budget is spent. */
async function graphql(query, variables) {
  for (;;) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ query, variables }) });
    const body = await res.json();
    const refusal = body.errors?.[0];
    if (refusal?.extensions?.code === 'BUDGET_EXCEEDED') {
      const seconds = refusal.extensions.retryAfterSeconds;
      console.error(`budget spent, waiting ${seconds} s`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (body.errors) throw new Error(`${refusal.extensions?.code}: ${refusal.message}`);
    const cost = body.extensions?.cost;
    if (cost) console.error(`cost ${cost.actualQueryCost}/${cost.requestedQueryCost}, ${cost.throttleStatus.currentlyAvailable} of ${cost.throttleStatus.maximumAvailable} left`);
    return body.data;
  }
}

/** Every node of a connection, following `pageInfo.endCursor` while `hasNextPage`. */
async function* everyNode(query, field, variables) {
  let after = null;
  do {
    const page = (await graphql(query, { ...variables, first: pageSize, after }))[field];
    yield* page.nodes;
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
}

/** Today in the site's time zone, as the API's date filter wants it (YYYY-MM-DD). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

const sales = [];
for await (const order of everyNode(SALES, 'adminOrdersConnection', { day: today })) sales.push(order);
console.log(`Ventes du ${today} (${timeZone}) : ${sales.length}`);
for (const o of sales) console.log(`  ${o.receiptNumber}  ${o.itemTitle}  ${o.buyerEmail}  ${o.amount.xaf} FCFA`);
const xaf = sales.reduce((sum, o) => sum + o.amount.xaf, 0);
const usdCents = sales.reduce((sum, o) => sum + o.amount.usdCents, 0);
console.log(`Total : ${xaf} FCFA (${(usdCents / 100).toFixed(2)} USD)`);

let customers = 0;
for await (const user of everyNode(CUSTOMERS, 'adminUsersConnection', {})) {
  customers += 1;
  console.log(`  client ${user.email}  ${user.firstName} ${user.lastName}  inscrit le ${user.createdAt.slice(0, 10)}`);
}
console.log(`Clients : ${customers}`);
