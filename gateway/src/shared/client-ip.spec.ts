import { clientIp, proxyTrust } from './client-ip';

describe('client IP behind proxies', () => {
  it('ignores X-Forwarded-For when no proxy is configured (the default)', () => {
    expect(clientIp('127.0.0.1', '203.0.113.9', proxyTrust([]))).toBe('127.0.0.1');
    expect(clientIp('10.0.0.3', '203.0.113.9', proxyTrust([]))).toBe('10.0.0.3');
  });

  it('ignores a spoofed X-Forwarded-For from a peer that is not a configured proxy', () => {
    const trust = proxyTrust(['10.1.0.0/16']);
    expect(clientIp('192.168.1.20', '203.0.113.9', trust)).toBe('192.168.1.20');
  });

  it('believes configured proxies only, walking from the nearest hop', () => {
    const trust = proxyTrust(['10.1.0.0/16', '::1']);
    expect(clientIp('10.1.2.3', '203.0.113.9, 198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientIp('10.1.2.3', '203.0.113.9, 198.51.100.7, 10.1.0.9', trust)).toBe('198.51.100.7');
    expect(clientIp('::ffff:10.1.2.3', '198.51.100.7', trust)).toBe('198.51.100.7');
    expect(clientIp('::1', 'not-an-ip', trust)).toBe('::1');
  });

  it('refuses entries that are not addresses or ranges', () => {
    expect(() => proxyTrust(['loopback'])).toThrow(/not an IP/);
    expect(() => proxyTrust(['10.0.0.0/40'])).toThrow(/prefix/);
  });
});
