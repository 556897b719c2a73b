import { absoluteUrl, renderLayout } from './layout';

describe('mail layout', () => {
  const base = { title: 'Titre <1>', bodyHtml: '<p>corps</p>', bodyText: 'corps' };

  it('shows the logo made absolute, or the site name as text', () => {
    const withLogo = renderLayout({ siteName: 'LBF', logoUrl: 'https://lbf.example/media/logo.png', contactEmail: null, contactPhone: null, publicUrl: 'https://lbf.example' }, base);
    expect(withLogo.html).toContain('<img src="https://lbf.example/media/logo.png" alt="LBF"');
    const noLogo = renderLayout({ siteName: 'L&B', logoUrl: null, contactEmail: null, contactPhone: null, publicUrl: 'https://lbf.example' }, base);
    expect(noLogo.html).not.toContain('<img');
    expect(noLogo.html).toContain('>L&amp;B</a>');
    expect(noLogo.html).toContain('<html lang="fr">');
    expect(noLogo.html).toContain('name="viewport"');
    expect(noLogo.html).toContain('<title>Titre &lt;1&gt;</title>');
  });

  it('footer carries the contact address and phone in both parts; a custom footer replaces the default line', () => {
    const site = { siteName: 'LBF', logoUrl: null, contactEmail: 'contact@lbf.test', contactPhone: '+237 6', publicUrl: 'https://lbf.example' };
    const out = renderLayout(site, { ...base, preheader: 'Avant-goût', footerHtml: '<p>Se désabonner</p>', footerText: 'Se désabonner : https://x' });
    expect(out.html).toContain('mailto:contact@lbf.test');
    expect(out.html).toContain('+237 6');
    expect(out.html).toContain('<p>Se désabonner</p>');
    expect(out.html).toContain('Avant-goût');
    expect(out.text).toContain('Contact : contact@lbf.test · +237 6');
    expect(out.text).toContain('Se désabonner : https://x');
    expect(out.text).toContain('Titre <1>');
  });

  it('absoluteUrl: site paths joined to the public URL, absolute kept, other schemes refused', () => {
    expect(absoluteUrl('/media/logo.png', 'http://localhost:4000')).toBe('http://localhost:4000/media/logo.png');
    expect(absoluteUrl('media/logo.png', 'http://localhost:4000/')).toBe('http://localhost:4000/media/logo.png');
    expect(absoluteUrl('https://cdn.example/l.png', 'http://localhost:4000')).toBe('https://cdn.example/l.png');
    expect(absoluteUrl('javascript:alert(1)', 'http://localhost:4000')).toBe('http://localhost:4000/javascript:alert(1)');
    expect(absoluteUrl('//evil.example/x.png', 'http://localhost:4000')).toBeNull();
    expect(absoluteUrl('', 'http://localhost:4000')).toBeNull();
    expect(absoluteUrl(null, 'http://localhost:4000')).toBeNull();
  });
});
