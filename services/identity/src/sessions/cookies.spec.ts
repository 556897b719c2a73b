import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { clearRefreshCookie, readRefreshCookie, REFRESH_COOKIE, setRefreshCookie } from './cookies';

/** The subgraph hands resolvers the bare node:http response: the cookie is written as a header. */
const bareResponse = () => new ServerResponse(new IncomingMessage(new Socket()));
const setCookies = (res: ServerResponse) => [res.getHeader('set-cookie') ?? []].flat().map(String);

describe('the refresh cookie on a bare node:http response', () => {
  it('is httpOnly, SameSite=Strict, scoped to /graphql, with Max-Age and Expires, Secure in production', () => {
    const res = bareResponse();
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    setRefreshCookie(res, 'tok.en', expiresAt, true);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(new RegExp(`^${REFRESH_COOKIE}=tok\\.en; `));
    expect(cookie).toMatch(/; Max-Age=259(1999|2000);/);
    expect(cookie).toMatch(/; Path=\/graphql;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(new Date(/Expires=([^;]+)/.exec(cookie!)![1]!).getTime()).toBeCloseTo(expiresAt.getTime(), -4);
    const dev = bareResponse();
    setRefreshCookie(dev, 'x', expiresAt, false);
    expect(setCookies(dev)[0]).not.toMatch(/Secure/);
  });

  it('is cleared with an expired empty cookie on the same path, beside any other Set-Cookie', () => {
    const res = bareResponse();
    res.appendHeader('Set-Cookie', 'theme=dark');
    clearRefreshCookie(res, false);
    expect(setCookies(res)).toEqual(['theme=dark', `${REFRESH_COOKIE}=; Path=/graphql; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict`]);
  });

  it('is read from the Cookie header, and absent means null', () => {
    const req = new IncomingMessage(new Socket());
    expect(readRefreshCookie(req)).toBeNull();
    req.headers.cookie = `theme=dark; ${REFRESH_COOKIE}=abc`;
    expect(readRefreshCookie(req)).toBe('abc');
    expect(readRefreshCookie(undefined)).toBeNull();
  });
});
