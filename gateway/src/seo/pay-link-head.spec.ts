import { headTags, NEUTRAL, payLinkHead, withHead, type PayLinkPreviewData } from './pay-link-head';

const ORIGIN = 'https://lbf.example';
const PATH = '/payer-pour-moi/abc';
const open: PayLinkPreviewData = { itemTitle: 'Tisanes du soir', amountXaf: 2356, requesterFirstName: 'Mariama', status: 'OPEN', image: '/media/images/t.jpg?sig=1&x=2' };

describe('a « Payer pour moi » link’s preview', () => {
  it('an open link: the item, its price in FCFA, the requester’s first name, the cover', () => {
    const head = payLinkHead(open, ORIGIN, PATH);
    expect(head).toEqual({
      title: 'Payer « Tisanes du soir » pour Mariama',
      description: 'Mariama vous demande de payer « Tisanes du soir » (2 356 FCFA) sur LBF. Sans compte, par Orange Money, MTN Mobile Money ou NotchPay : le contenu arrive dans la bibliothèque de Mariama.',
      image: 'https://lbf.example/media/images/t.jpg?sig=1&x=2',
      url: 'https://lbf.example/payer-pour-moi/abc',
      ownImage: true,
    });
    expect(payLinkHead({ ...open, status: 'PENDING', requesterFirstName: null, image: null }, ORIGIN, PATH)).toMatchObject({
      title: 'Payer « Tisanes du soir » pour un proche',
      image: 'https://lbf.example/og-default.png',
      ownImage: false,
    });
  });

  it('paid, expired, owned or unknown: the neutral preview, nothing of the item or the person', () => {
    for (const link of [{ ...open, status: 'PAID' as const }, { ...open, status: 'EXPIRED' as const }, { ...open, status: 'OWNED' as const }, null]) {
      const head = payLinkHead(link, ORIGIN, PATH);
      expect(head).toEqual({ ...NEUTRAL, image: 'https://lbf.example/og-default.png', url: 'https://lbf.example/payer-pour-moi/abc', ownImage: false });
      expect(headTags(head)).not.toMatch(/Mariama|Tisanes|2 356/);
    }
  });

  it('writes the tags escaped into index.html, in place of its title and description', () => {
    const html = withHead(
      '<html><head>\n<meta name="description" content="Le site." />\n<title>LBF</title>\n</head><body><div id="root"></div></body></html>',
      payLinkHead({ ...open, itemTitle: 'Le "vrai" <moringa> & co' }, ORIGIN, PATH),
    );
    expect(html).not.toContain('<title>LBF</title>');
    expect(html).not.toContain('Le site.');
    expect(html).toContain('<title>Payer « Le &quot;vrai&quot; &lt;moringa&gt; &amp; co » pour Mariama | LBF</title>');
    expect(html).toContain('<meta property="og:image" content="https://lbf.example/media/images/t.jpg?sig=1&amp;x=2" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });
});
