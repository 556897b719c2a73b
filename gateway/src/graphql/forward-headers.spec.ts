import { forwardedHeaders, setCookieValues } from './forward-headers';
import { SubgraphDataSource, type GatewayContext } from './subgraph-data-source';

describe('headers the gateway passes to subgraphs', () => {
  it('forwards authorization, cookie and user agent, and names the client IP', () => {
    const headers = forwardedHeaders(
      { authorization: 'Bearer abc', cookie: 'lbf_refresh=r1; theme=dark', 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '6.6.6.6', host: 'lbf.test' },
      '203.0.113.7',
    );
    expect(headers).toEqual({
      authorization: 'Bearer abc',
      cookie: 'lbf_refresh=r1; theme=dark',
      'user-agent': 'Mozilla/5.0',
      'x-forwarded-for': '203.0.113.7',
    });
  });

  it("replaces a client's own X-Forwarded-For rather than trusting it", () => {
    expect(forwardedHeaders({ 'x-forwarded-for': '10.0.0.1' }, '198.51.100.4')['x-forwarded-for']).toBe('198.51.100.4');
  });

  it('writes an IPv4-mapped address as plain IPv4 and leaves absent headers out', () => {
    expect(forwardedHeaders({}, '::ffff:127.0.0.1')).toEqual({ 'x-forwarded-for': '127.0.0.1' });
    expect(forwardedHeaders({ authorization: '' }, null)).toEqual({});
  });

  it('joins a cookie header split in several parts with "; "', () => {
    expect(forwardedHeaders({ cookie: ['a=1', 'b=2'] as unknown as string }, null).cookie).toBe('a=1; b=2');
  });
});

describe('Set-Cookie from a subgraph response', () => {
  const refresh = 'lbf_refresh=new; Path=/graphql; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; SameSite=Strict';
  const other = 'lbf_seen=1; Path=/; Max-Age=60';

  it('lists each Set-Cookie on its own, even with commas in Expires', () => {
    const headers = new Headers();
    headers.append('set-cookie', refresh);
    headers.append('set-cookie', other);
    expect(setCookieValues(headers)).toEqual([refresh, other]);
  });

  it('reads node-fetch style headers through raw()', () => {
    const headers = { get: () => `${refresh}, ${other}`, raw: () => ({ 'set-cookie': [refresh, other] }) };
    expect(setCookieValues(headers)).toEqual([refresh, other]);
  });

  it('appends every cookie to the browser response, keeping them separate', () => {
    const appended: Array<[string, string]> = [];
    const res = { headersSent: false, appendHeader: (name: string, value: string) => appended.push([name, value]) };
    const headers = new Headers([['content-type', 'application/json']]);
    headers.append('set-cookie', refresh);
    headers.append('set-cookie', other);
    const source = new SubgraphDataSource({ url: 'http://127.0.0.1:1/graphql' });
    const context = { auth: null, forward: {}, res } as unknown as GatewayContext;
    source.didReceiveResponse({ request: {}, context, response: { data: {}, http: { headers } } } as never);
    expect(appended).toEqual([
      ['Set-Cookie', refresh],
      ['Set-Cookie', other],
    ]);
  });

  it('sets the forwarded headers on the subgraph request of a browser operation only', () => {
    const source = new SubgraphDataSource({ url: 'http://127.0.0.1:1/graphql' });
    const forward = { authorization: 'Bearer t', cookie: 'lbf_refresh=r', 'user-agent': 'UA', 'x-forwarded-for': '203.0.113.9' };
    const incoming = new Headers();
    source.willSendRequest({ kind: 'incoming operation', incomingRequestContext: {}, context: { forward }, request: { http: { headers: incoming } } } as never);
    expect(Object.fromEntries(incoming)).toEqual(forward);
    const loading = new Headers();
    source.willSendRequest({ kind: 'loading schema', context: {}, request: { http: { headers: loading } } } as never);
    expect([...loading]).toEqual([]);
  });
});
