import { describe, expect, it } from '@jest/globals';
import { authPathReturningTo, safeReturnPath } from './return-to';

describe('the page a visitor returns to after signing in', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeReturnPath('/videos/3f1c')).toBe('/videos/3f1c');
    expect(safeReturnPath('/videos?category=sleep&page=2')).toBe('/videos?category=sleep&page=2');
    expect(safeReturnPath('/pdfs#pdf-12')).toBe('/pdfs#pdf-12');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of [
      'https://evil.com/',
      'http://localhost:4000/videos',
      '//evil.com',
      '//evil.com/videos',
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      'javascript:alert(1)',
      'evil.com',
      'videos',
      ' /videos',
      '',
    ]) {
      expect([raw, safeReturnPath(raw)]).toEqual([raw, null]);
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('never sends back to /auth itself (no loop)', () => {
    expect(safeReturnPath('/auth')).toBeNull();
    expect(safeReturnPath('/auth?tab=signup')).toBeNull();
    expect(safeReturnPath('/auth/../auth')).toBeNull();
  });

  it('builds the /auth link that carries the page, keeping other parameters', () => {
    expect(authPathReturningTo({ pathname: '/videos/42', search: '?t=1', hash: '' })).toBe('/auth?next=%2Fvideos%2F42%3Ft%3D1');
    expect(authPathReturningTo({ pathname: '/' }, new URLSearchParams('tab=signup'))).toBe('/auth?tab=signup&next=%2F');
    expect(authPathReturningTo({ pathname: '//evil.com' })).toBe('/auth');
  });
});
