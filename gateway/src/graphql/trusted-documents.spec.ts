import { parse } from 'graphql';
import { registeredText, sha256Hex, trustedDocuments } from './trusted-documents';

const HOME = 'query HomePage {\n  siteSettings {\n    heroTitle\n    __typename\n  }\n}';
const documents = new Map([[sha256Hex(HOME), HOME]]);
const byHash = (hash: string) => ({ operationName: 'HomePage', extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
const codeOf = (error: { extensions: Record<string, unknown> } | null) => error?.extensions.code ?? null;

describe('trusted documents', () => {
  const only = trustedDocuments(documents, true);

  it('lets a registered hash through, POST body or GET parameters (extensions as JSON text)', () => {
    expect(only.refusal(byHash(sha256Hex(HOME)), undefined)).toBeNull();
    expect(only.refusal({ operationName: 'HomePage', extensions: JSON.stringify(byHash(sha256Hex(HOME)).extensions) }, 'Bearer eyJ.person')).toBeNull();
  });

  it('answers an unknown hash PERSISTED_QUERY_NOT_FOUND and refuses a document sent as text', () => {
    expect(codeOf(only.refusal(byHash('0'.repeat(64)), undefined))).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(codeOf(only.refusal({ query: HOME }, undefined))).toBe('PERSISTED_QUERY_REQUIRED');
    expect(codeOf(only.refusal({ query: '{ me { id } }' }, 'Bearer eyJ.person'))).toBe('PERSISTED_QUERY_REQUIRED');
    expect(codeOf(only.refusal({ extensions: '{not json' }, undefined))).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('lets an API key send any document, and development anyone', () => {
    expect(only.refusal({ query: '{ adminOrders { total } }' }, 'Bearer lbf_live_abc')).toBeNull();
    expect(trustedDocuments(documents, false).refusal({ query: '{ me { id } }' }, undefined)).toBeNull();
  });

  it('knows a registered document sent as text whatever its layout or definitions’ order', () => {
    const frag = 'query Q {\n  v {\n    ...A\n    __typename\n  }\n}\n\nfragment A on V {\n  id\n  __typename\n}';
    const registered = trustedDocuments(new Map([[sha256Hex(frag), frag]]), true);
    expect(registered.registeredDocument(parse('fragment A on V { id __typename } query Q { v { ...A __typename } }'))).toBe(true);
    expect(registered.registeredDocument(parse('query Q { v { ...A } } fragment A on V { id }'))).toBe(false);
    expect(registeredText(parse('fragment A on V { id __typename } query Q { v { ...A __typename } }'))).toBe(frag);
  });

  it('serves registered documents to Apollo Server’s APQ, and registers nothing at run time in production', async () => {
    const cache = only.apqCache();
    expect(await cache.get(`apq:${sha256Hex(HOME)}`)).toBe(HOME);
    await cache.set(`apq:${'1'.repeat(64)}`, '{ me { id } }');
    expect(await cache.get(`apq:${'1'.repeat(64)}`)).toBeUndefined();
    const development = trustedDocuments(documents, false).apqCache();
    await development.set(`apq:${'1'.repeat(64)}`, '{ me { id } }');
    expect(await development.get(`apq:${'1'.repeat(64)}`)).toBe('{ me { id } }');
  });
});
