import { acceptedEncodings, preferredEncoding } from './content-encoding';

describe('choosing a response encoding', () => {
  it('prefers brotli whenever it is accepted as much as gzip, whatever the order', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br, gzip')).toBe('br');
    expect(acceptedEncodings('gzip, br')).toEqual(['br', 'gzip']);
  });

  it('falls back to gzip, then to none', () => {
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('follows q values: a refusal, a higher weight for gzip, the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncodings('br;q=0.5, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(preferredEncoding(['gzip', 'br'])).toBe('br');
  });
});
