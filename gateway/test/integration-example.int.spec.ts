import { API_KEY_PREFIX } from '@lbf/service-kit';
import { connect, type NatsConnection } from 'nats';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adminThroughGateway, signUpThroughGateway } from './accounts';
import { startFiveServices, type FiveServices } from './five-services';
import { guideOnSale, lessonOnSale, payByMobileMoney, signUpPerson, type Person } from './journeys';

/**
 * Issue 24 points 2 and 7: the lists integrators page through (orders, customers) by cursor, and
 * the example integration of the repository (examples/integration/) run against the real stack
 * with a key: today's sales with their totals, every customer page by page, nothing marked.
 */

const EXAMPLE = join(__dirname, '../../examples/integration/sales-and-customers.mjs');
type Res = { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

describe('integrators’ lists and the example integration', () => {
  let stack: FiveServices;
  let nc: NatsConnection;
  let admin: Awaited<ReturnType<typeof signUpThroughGateway>>;
  let buyers: Person[];
  let key: string;
  const asKey = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(stack.gateway.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as Res;
  };

  beforeAll(async () => {
    stack = await startFiveServices();
    nc = await connect({ servers: stack.env.baseConfig('identity').natsUrl });
    admin = await adminThroughGateway(stack, { firstName: 'Mariam' });
    const [guide, lesson] = [await guideOnSale(stack, nc), await lessonOnSale(stack, nc)];
    buyers = [await signUpPerson(stack, 'Awa', 'Ndiaye'), await signUpPerson(stack, 'Boris', 'Eto'), await signUpPerson(stack, 'Chantal', 'Mbia')];
    await payByMobileMoney(stack, buyers[0]!, guide, 'PDF');
    await payByMobileMoney(stack, buyers[1]!, lesson, 'VIDEO');
    await payByMobileMoney(stack, buyers[1]!, guide, 'PDF');
    const created = await admin.browser.gql(
      'mutation($input: CreateApiKeyInput!) { adminCreateApiKey(input: $input) { secret } }',
      { input: { name: 'Exemple', scopes: ['orders:read', 'customers:read'], costPerMinute: 2000, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
    );
    key = created.data!.adminCreateApiKey.secret;
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
  }, 240_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('pages through orders by cursor: first, after, pageInfo, newest first, each once', async () => {
    const PAGE = 'query($first: Int, $after: String) { adminOrdersConnection(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id createdAt } } }';
    const seen: Array<{ id: string; createdAt: string }> = [];
    let after: string | null = null;
    for (let pages = 1; ; pages++) {
      const res = await asKey(PAGE, { first: 2, after });
      expect(res.errors).toBeUndefined();
      const page = res.data!.adminOrdersConnection as { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Array<{ id: string; createdAt: string }> };
      expect(page.totalCount).toBe(3);
      seen.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
      expect(pages).toBeLessThan(3);
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((o) => o.id)).size).toBe(3);
    expect(seen.map((o) => o.createdAt)).toEqual([...seen.map((o) => o.createdAt)].sort().reverse());
  });

  it('refuses more than 100 a page and a cursor it did not give, in French and English', async () => {
    for (const field of ['adminOrdersConnection', 'adminUsersConnection']) {
      const tooMany = await asKey(`{ ${field}(first: 101) { totalCount } }`);
      expect(tooMany.errors?.[0]).toMatchObject({ message: expect.stringContaining('first must be between 1 and 100'), extensions: { code: 'BAD_USER_INPUT' } });
      const forged = await asKey(`{ ${field}(after: "bm9u") { totalCount } }`);
      expect(forged.errors?.[0]).toMatchObject({ message: expect.stringContaining('invalid cursor'), extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('pages through customers by cursor, with a search, as the table knows them', async () => {
    const res = await asKey('{ adminUsersConnection(search: "boris", first: 1) { totalCount pageInfo { hasNextPage } nodes { email } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminUsersConnection).toMatchObject({ totalCount: 1, pageInfo: { hasNextPage: false }, nodes: [{ email: buyers[1]!.email }] });
  });

  it('the example integration lists today’s sales with their totals and every customer, marking nothing', async () => {
    const source = readFileSync(EXAMPLE, 'utf8');
    // Its documents are queries only (and the orders come out of it unchanged, below).
    expect(source.match(/`(query|mutation|subscription)\b/g)).toEqual(['`query', '`query']);
    const ordersBefore = (await stack.env.sql.query('SELECT id, status, updated_at FROM commerce.orders ORDER BY id')).rows;
    const { stdout } = await promisify(execFile)(process.execPath, [EXAMPLE], {
      env: { PATH: process.env.PATH, LBF_API_URL: stack.gateway.url, LBF_API_KEY: key, LBF_PAGE_SIZE: '2' },
      timeout: 60_000,
    });
    const { rows } = await stack.env.sql.query<{ total: string; usd: string }>("SELECT sum(amount_xaf) AS total, sum(amount_usd_cents) AS usd FROM commerce.orders WHERE status = 'completed'");
    expect(stdout).toMatch(/^Ventes du \d{4}-\d{2}-\d{2} \(Africa\/Douala\) : 3$/m);
    expect(stdout).toContain(`Total : ${rows[0]!.total} FCFA (${(Number(rows[0]!.usd) / 100).toFixed(2)} USD)`);
    for (const p of buyers) expect(stdout).toContain(`client ${p.email}  ${p.firstName} ${p.lastName}`);
    expect(stdout).toContain(`client ${admin.email}`);
    expect(stdout).toMatch(/^Clients : 4$/m);
    expect((await stack.env.sql.query('SELECT id, status, updated_at FROM commerce.orders ORDER BY id')).rows).toEqual(ordersBefore);
  }, 90_000);
});
