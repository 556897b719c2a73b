import { parse } from 'graphql';
import { nullByteField, nullByteLiteralField } from './null-bytes';

describe('null bytes in string inputs', () => {
  it('finds a NUL in nested variables and names the input field that holds it', () => {
    expect(nullByteField({ input: { email: 'a\u0000@b.fr', password: 'x' } })).toBe('email');
    expect(nullByteField({ filter: { search: 'ok' }, tags: ['a', 'b\u0000'] })).toBe('tags');
    expect(nullByteField({ input: { email: 'a@b.fr', count: 3, flag: null } })).toBeNull();
  });

  it('finds a NUL written as a literal in the operation', () => {
    expect(nullByteLiteralField(parse('{ videos(filter: { search: "a\\u0000b" }) { total } }'))).toBe('search');
    expect(nullByteLiteralField(parse('{ video(id: "\\u0000") { id } }'))).toBe('id');
    expect(nullByteLiteralField(parse('{ videos(filter: { search: "ok" }) { total } }'))).toBeNull();
  });
});
