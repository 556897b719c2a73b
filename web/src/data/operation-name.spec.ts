import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { operationName, queryKey } from './operation-name';

describe('queryKey', () => {
  it('names the same variables the same whatever their order, and leaves out what is undefined', () => {
    const server = queryKey('NewsPage', { page: 2, filter: { search: 'miel', category: 'SANTE' }, pageSize: 12 });
    const browser = queryKey('NewsPage', { pageSize: 12, filter: { category: 'SANTE', search: 'miel', tag: undefined }, page: 2 });
    expect(browser).toBe(server);
  });

  it('tells apart other variables, other operations, and no variables from empty ones only by content', () => {
    expect(queryKey('NewsPage', { page: 1 })).not.toBe(queryKey('NewsPage', { page: 2 }));
    expect(queryKey('NewsPage', { page: 1 })).not.toBe(queryKey('ArticlePage', { page: 1 }));
    expect(queryKey('HomePage', undefined)).toBe(queryKey('HomePage', {}));
    expect(queryKey('NewsPage', { filter: { ids: ['b', 'a'] } })).not.toBe(queryKey('NewsPage', { filter: { ids: ['a', 'b'] } }));
  });
});

describe('operationName', () => {
  it("reads the operation's name past the fragments before it", () => {
    expect(operationName(parse('fragment Card on Video { id } query HomePage { latestVideo { ...Card } }'))).toBe('HomePage');
    expect(operationName(parse('{ siteSettings { heroTitle } }'))).toBe('');
  });
});
