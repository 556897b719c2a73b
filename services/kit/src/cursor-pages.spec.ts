import { connectionOf, cursorPageArgs, decodeCursor, encodeCursor, splitPage } from './cursor-pages';

describe('cursor pages', () => {
  const cursor = { at: '2026-11-27 16:30:01.123456+00', id: '7f1c2b7e-3a7d-4e55-9a53-0f5a3b2c1d00' };

  it('encodes a cursor opaquely and reads it back; anything else is no cursor', () => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('nope')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify(['hier', cursor.id])).toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify([cursor.at, 'x'])).toString('base64url'))).toBeNull();
  });

  it('takes first from 1 to 100 (25 when absent) and refuses a bad cursor', () => {
    expect(cursorPageArgs.parse({})).toEqual({ first: 25, after: null });
    expect(cursorPageArgs.parse({ first: 100, after: encodeCursor(cursor) })).toEqual({ first: 100, after: cursor });
    expect(cursorPageArgs.safeParse({ first: 101 }).success).toBe(false);
    expect(cursorPageArgs.safeParse({ first: 0 }).success).toBe(false);
    expect(cursorPageArgs.safeParse({ after: 'nope' }).success).toBe(false);
  });

  it('makes a page of first rows out of first + 1, the extra one saying there is more', () => {
    const rows = [1, 2, 3].map((n) => ({ node: n, cursor: { ...cursor, id: `${cursor.id.slice(0, -1)}${n}` } }));
    const { page, hasNextPage } = splitPage(rows, 2);
    expect(connectionOf(page, hasNextPage, 3)).toEqual({ nodes: [1, 2], pageInfo: { hasNextPage: true, endCursor: encodeCursor(rows[1]!.cursor) }, totalCount: 3 });
    expect(splitPage(rows, 3).hasNextPage).toBe(false);
    expect(connectionOf([], false, 0)).toEqual({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });
  });
});
