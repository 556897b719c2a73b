import { pageVisitInput, storedUserAgent } from './page-visit';

describe('a page visit', () => {
  const valid = { path: '/videos', visitorId: 'v_abc-12345' };

  it('needs a path starting with / and at most 2048 characters long', () => {
    expect(pageVisitInput.safeParse(valid).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, path: 'videos' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'a'.repeat(2047) }).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'a'.repeat(2048) }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/a\nb' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, path: '/' + 'é'.repeat(1500) }).success).toBe(false);
  });

  it('needs a visitor id of 8 to 64 letters, digits, _ or -', () => {
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'abcdefg' }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'a'.repeat(64) }).success).toBe(true);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'a'.repeat(65) }).success).toBe(false);
    expect(pageVisitInput.safeParse({ ...valid, visitorId: 'abc def gh' }).success).toBe(false);
  });

  it('is not a 404 unless the web app says so', () => {
    expect(pageVisitInput.parse(valid).notFound).toBe(false);
    expect(pageVisitInput.parse({ ...valid, notFound: null }).notFound).toBe(false);
    expect(pageVisitInput.parse({ ...valid, notFound: true }).notFound).toBe(true);
  });

  it('keeps at most 1024 characters of the user agent', () => {
    expect(storedUserAgent(null)).toBeNull();
    expect(storedUserAgent('')).toBeNull();
    expect(storedUserAgent('x'.repeat(2000))).toHaveLength(1024);
    expect(storedUserAgent('Mozilla/5.0')).toBe('Mozilla/5.0');
  });
});
