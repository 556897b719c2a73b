import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { checkCost, costLimitPlugin, DEFAULT_LIST_SIZE, depthLimitRule, fragmentsAreSound, operationCost } from './guards';

const schema = buildSchema(`
  type User { id: ID! name: String! friends(first: Int): [User!]! best: User }
  type Query { me: User users(page: PageInput): [User!]! }
  input PageInput { limit: Int }
`);

function nested(depth: number): string {
  let q = 'id';
  for (let i = 0; i < depth; i++) q = `best { ${q} }`;
  return `{ me { ${q} } }`;
}

describe('depth limit', () => {
  it('accepts an operation at the limit and refuses one past it', () => {
    const rules = [...specifiedRules, depthLimitRule(12)];
    expect(validate(schema, parse(nested(11)), rules)).toEqual([]);
    const errors = validate(schema, parse(nested(12)), rules);
    expect(errors.map((e) => e.message)).toEqual(["'' exceeds maximum operation depth of 12"]);
  });

  it('leaves cyclic or unknown fragments to the standard rules instead of failing', () => {
    const doc = parse('{ me { ...A ...Missing } } fragment A on User { ...A }');
    const messages = validate(schema, doc, [...specifiedRules, depthLimitRule(12)]).map((e) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Unknown fragment "Missing".', 'Cannot spread fragment "A" within itself.']));
  });
});

describe('cost limit', () => {
  it('counts one per field and multiplies list fields by their size', () => {
    expect(operationCost(schema, parse('{ me { id name } }'))).toBe(3);
    expect(operationCost(schema, parse('{ me { friends { id } } }'))).toBe(1 + (1 + DEFAULT_LIST_SIZE));
    expect(operationCost(schema, parse('{ me { friends(first: 3) { id name } } }'))).toBe(1 + (1 + 2 * 3));
    expect(operationCost(schema, parse('query($p: PageInput) { users(page: $p) { id } }'), { p: { limit: 50 } })).toBe(1 + 50);
  });

  it('refuses nested lists whose product goes over the maximum', () => {
    const doc = parse('{ users { friends { friends { friends { id } } } } }');
    expect(checkCost(schema, doc, 100)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(checkCost(schema, parse('{ me { id } }'), 100)).toBeNull();
  });

  it('does not charge for introspection', () => {
    expect(operationCost(schema, parse('{ __schema { types { fields { name } } } }'))).toBe(0);
  });
});

/** The site's shapes: page objects with pageSize, SQL-backed lookups, captcha checks and visits. */
const site = buildSchema(`
  type Video { id: ID! title: String! related(limit: Int = 4): [Video!]! }
  type VideoPage { items: [Video!]! total: Int! page: Int! pageSize: Int! }
  type User { id: ID! email: String! }
  type UserPage { items: [User!]! total: Int! }
  type Counters { visitsToday: Int! }
  type Query {
    videos(page: Int = 1, pageSize: Int = 12): VideoPage!
    video(id: ID!): Video
    adminUsers(page: Int = 1, pageSize: Int = 20): UserPage!
    checkCaptcha(id: ID!, answer: String!): Boolean!
    liveCounters: Counters!
    me: User
  }
  input PageVisitInput { path: String! visitorId: String! }
  type Mutation { recordPageVisit(input: PageVisitInput!): Boolean! signOut: Boolean! }
`);
const MAX = 5000;
const many = (n: number, field: (i: number) => string) => Array.from({ length: n }, (_, i) => field(i)).join(' ');

describe('cost limit against the attack run', () => {
  it("costs a list by its parent's pageSize, so a huge page is refused", () => {
    expect(operationCost(site, parse('{ videos(pageSize: 12) { items { id title } total } }'))).toBe(1 + (1 + 12 * 2) + 1);
    const huge = checkCost(site, parse('{ videos(pageSize: 100000) { items { id title } } }'), MAX);
    expect(huge?.extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses 500 aliases of a SQL-backed field', () => {
    const error = checkCost(site, parse(`{ v: video(id: "1") { id } ${many(499, (i) => `a${i}: video(id: "${i}") { id }`)} }`), MAX);
    expect(error?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(error?.message).toMatch(/champs|alias/);
  });

  it('refuses aliases spread over nested fields too', () => {
    const error = checkCost(site, parse(`{ video(id: "1") { ${many(40, (i) => `t${i}: title`)} } }`), MAX);
    expect(error?.message).toMatch(/alias/);
  });

  it('refuses 1,000 checkCaptcha calls in one request', () => {
    const error = checkCost(site, parse(`{ ${many(1000, (i) => `c${i}: checkCaptcha(id: "x", answer: "A${i}")`)} }`), MAX);
    expect(error?.extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses 500 recordPageVisit calls, and even 20 (mutations cost for real)', () => {
    const visits = (n: number) => parse(`mutation { ${many(n, (i) => `v${i}: recordPageVisit(input: { path: "/", visitorId: "v${i}" })`)} }`);
    expect(checkCost(site, visits(500), MAX)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(checkCost(site, visits(20), MAX)?.extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(checkCost(site, parse('mutation { recordPageVisit(input: { path: "/", visitorId: "v" }) }'), MAX)).toBeNull();
  });

  it('still accepts the pages of the site: home, the videos page (pageSize 12), admin lists, one mutation', () => {
    const home = '{ me { id } liveCounters { visitsToday } videos(pageSize: 1) { items { id title related { id title } } } }';
    expect(checkCost(site, parse(home), MAX)).toBeNull();
    expect(checkCost(site, parse('query($n: Int) { videos(page: 2, pageSize: $n) { items { id title } total page pageSize } }'), MAX, { n: 12 })).toBeNull();
    expect(checkCost(site, parse('{ adminUsers(pageSize: 50) { items { id email } total } }'), MAX)).toBeNull();
    expect(checkCost(site, parse('mutation { signOut }'), MAX)).toBeNull();
  });
});

describe('fragment soundness (guards the depth rule)', () => {
  it('accepts shared, nested fragments and refuses unknown or cyclic ones', () => {
    expect(fragmentsAreSound(parse('{ me { ...A ...B } } fragment A on User { ...B } fragment B on User { id }'))).toBe(true);
    expect(fragmentsAreSound(parse('{ me { ...Missing } }'))).toBe(false);
    expect(fragmentsAreSound(parse('{ me { id } } fragment A on User { best { ...B } } fragment B on User { ...A }'))).toBe(false);
  });
});

describe('cost limit plugin, remembering accepted documents', () => {
  type Hook = (ctx: unknown) => Promise<void>;
  async function run(plugin: ReturnType<typeof costLimitPlugin>, document: ReturnType<typeof parse>, variables?: Record<string, unknown>) {
    const hooks = (await plugin.requestDidStart!({} as never)) as { didResolveOperation: Hook };
    return hooks.didResolveOperation({ request: { variables }, document, schema });
  }

  it('accepts the same document again, and still measures it anew when the variables change the cost', async () => {
    const plugin = costLimitPlugin(100);
    const doc = parse('query Q($n: Int) { me { friends(first: $n) { id } } }');
    await expect(run(plugin, doc, { n: 5 })).resolves.toBeUndefined();
    await expect(run(plugin, doc, { n: 5 })).resolves.toBeUndefined();
    await expect(run(plugin, doc, { n: 1000 })).rejects.toThrow(/trop coûteuse/);
    await expect(run(plugin, doc, { n: 1000 })).rejects.toThrow(/trop coûteuse/);
    await expect(run(plugin, doc, { n: 5 })).resolves.toBeUndefined();
  });
});
