import { LINK_TOKEN, routeNewsletter } from './newsletter-relay';

describe('the newsletter relay routes', () => {
  const token = 'eyJ0IjoidSJ9.abc_DEF-123';

  it('relays the one-click POST and the tracked link GET to the same path on messaging', () => {
    expect(routeNewsletter('POST', `/desinscription/${token}`)).toEqual({ kind: 'relay', path: `/newsletter/desinscription/${token}`, withBody: true });
    expect(routeNewsletter('GET', `/lien/${token}`)).toEqual({ kind: 'relay', path: `/newsletter/lien/${token}`, withBody: false });
  });

  it('leaves the unsubscribe and confirmation pages, and anything else, to the web app', () => {
    expect(routeNewsletter('GET', `/desinscription/${token}`)).toEqual({ kind: 'web-app' });
    expect(routeNewsletter('HEAD', `/desinscription/${token}`)).toEqual({ kind: 'web-app' });
    expect(routeNewsletter('GET', `/confirmation/${token}`)).toEqual({ kind: 'web-app' });
    expect(routeNewsletter('POST', `/confirmation/${token}`)).toEqual({ kind: 'web-app' });
    expect(routeNewsletter('GET', '/')).toEqual({ kind: 'web-app' });
    expect(routeNewsletter('POST', `/lien/${token}/plus`)).toEqual({ kind: 'web-app' });
  });

  it('refuses other methods with 405 and the methods allowed', () => {
    expect(routeNewsletter('PUT', `/desinscription/${token}`)).toEqual({ kind: 'refuse', status: 405, allow: 'GET, POST' });
    expect(routeNewsletter('DELETE', `/desinscription/${token}`)).toEqual({ kind: 'refuse', status: 405, allow: 'GET, POST' });
    expect(routeNewsletter('POST', `/lien/${token}`)).toEqual({ kind: 'refuse', status: 405, allow: 'GET' });
    expect(routeNewsletter('HEAD', `/lien/${token}`)).toEqual({ kind: 'refuse', status: 405, allow: 'GET' });
  });

  it('answers 404 to a token outside [A-Za-z0-9_.-]{1,300}', () => {
    for (const bad of ['', 'a%2Fb', 'a b', 'jeton~', 'é', 'x'.repeat(301)]) {
      expect(routeNewsletter('POST', `/desinscription/${bad}`)).toEqual({ kind: 'refuse', status: 404 });
      expect(routeNewsletter('GET', `/lien/${bad}`)).toEqual({ kind: 'refuse', status: 404 });
    }
    expect(LINK_TOKEN.test('x'.repeat(300))).toBe(true);
  });
});
