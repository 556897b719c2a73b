import { sanitizeArticleHtml } from './sanitize';

describe('article HTML is sanitised on the server', () => {
  it('never lets a script tag survive, however it is written', () => {
    const attacks = [
      '<p>Bonjour</p><script>alert(1)</script>',
      '<SCRIPT SRC="https://mal.test/x.js"></SCRIPT>',
      '<scr<script>ipt>alert(1)</scr</script>ipt>',
      '<svg><script>alert(1)</script></svg>',
      '<p onclick="alert(1)">clic</p>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">lien</a>',
      '<iframe src="https://mal.test"></iframe>',
      '<style>body{display:none}</style>',
    ];
    for (const html of attacks) {
      const clean = sanitizeArticleHtml(html);
      expect(clean).not.toMatch(/<script/i);
      expect(clean).not.toMatch(/on(click|error)=/i);
      expect(clean).not.toMatch(/javascript:/i);
      expect(clean).not.toMatch(/<(iframe|style|svg)/i);
    }
  });

  it('keeps headings, paragraphs, lists, emphasis, quotes and images', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>texte</strong> <em>important</em>.</p><ul><li>un</li></ul><ol><li>deux</li></ol>' +
      '<blockquote>Citation</blockquote><img src="https://exemple.test/a.jpg" alt="Plante">';
    expect(sanitizeArticleHtml(html)).toBe(html.replace('alt="Plante">', 'alt="Plante" />'));
  });

  it('makes links open safely with rel=noopener', () => {
    expect(sanitizeArticleHtml('<a href="https://who.int" onclick="x()">OMS</a>')).toBe(
      '<a href="https://who.int" target="_blank" rel="noopener noreferrer">OMS</a>',
    );
  });
});
