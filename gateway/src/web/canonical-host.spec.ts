import { canonicalLocation, hostOf } from './canonical-host';

describe('the one address of the site', () => {
  it('reads a Host header as the public URL would name it', () => {
    expect(hostOf('LocalHost:4000', 'http://localhost:4000')).toBe('localhost:4000');
    expect(hostOf('lbf.example:443', 'https://lbf.example')).toBe('lbf.example');
    expect(hostOf('lbf.example:80', 'http://lbf.example')).toBe('lbf.example');
    expect(hostOf('[::1]:4000', 'http://localhost:4000')).toBe('[::1]:4000');
    expect(hostOf('evil.example/path', 'http://localhost:4000')).toBeNull();
    expect(hostOf('user@evil.example', 'http://localhost:4000')).toBeNull();
    expect(hostOf('exa mple', 'http://localhost:4000')).toBeNull();
  });

  it('sends another host name of this server to PUBLIC_URL, path and query kept', () => {
    const site = 'http://localhost:4000';
    expect(canonicalLocation(site, '127.0.0.1:4000', '/paiement/retour?order=42')).toBe('http://localhost:4000/paiement/retour?order=42');
    expect(canonicalLocation(site, '192.168.1.20:4000', '/')).toBe('http://localhost:4000/');
    expect(canonicalLocation(site, 'localhost:4001', '/about')).toBe('http://localhost:4000/about');
    expect(canonicalLocation('https://lbf.example', 'www.lbf.example', '/actualites/3?utm_source=whatsapp')).toBe('https://lbf.example/actualites/3?utm_source=whatsapp');
    // A path that starts like a protocol-relative URL stays a path on the site.
    expect(canonicalLocation(site, '127.0.0.1:4000', '//evil.example/x')).toBe('http://localhost:4000//evil.example/x');
  });

  it('leaves a request on the one address, or naming no host, where it is', () => {
    expect(canonicalLocation('http://localhost:4000', 'localhost:4000', '/')).toBeNull();
    expect(canonicalLocation('http://localhost:4000', 'LOCALHOST:4000', '/')).toBeNull();
    expect(canonicalLocation('https://lbf.example', 'lbf.example:443', '/')).toBeNull();
    expect(canonicalLocation('http://localhost:4000', undefined, '/')).toBeNull();
  });
});
