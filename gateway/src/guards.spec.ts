import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { checkCost, DEFAULT_LIST_SIZE, depthLimitRule, fragmentsAreSound, operationCost } from './guards';

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

describe('fragment soundness (guards the depth rule)', () => {
  it('accepts shared, nested fragments and refuses unknown or cyclic ones', () => {
    expect(fragmentsAreSound(parse('{ me { ...A ...B } } fragment A on User { ...B } fragment B on User { id }'))).toBe(true);
    expect(fragmentsAreSound(parse('{ me { ...Missing } }'))).toBe(false);
    expect(fragmentsAreSound(parse('{ me { id } } fragment A on User { best { ...B } } fragment B on User { ...A }'))).toBe(false);
  });
});
