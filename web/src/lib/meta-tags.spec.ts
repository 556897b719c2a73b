import { describe, expect, it } from '@jest/globals';
import { DEFAULT_IMAGE, DESCRIPTION_MAX, fullTitle, isPrivatePath, metaTags, shortDescription, type MetaTag } from './meta-tags';

const origin = 'https://lbf.example';
const content = (tags: MetaTag[], key: string) => tags.find((t) => t.key === key)?.content;

describe('a page description', () => {
  it('is the text on one line, or null when there is none', () => {
    expect(shortDescription('  Une  tisane\n\npour  dormir. ')).toBe('Une tisane pour dormir.');
    expect(shortDescription('')).toBeNull();
    expect(shortDescription('   ')).toBeNull();
    expect(shortDescription(null)).toBeNull();
  });

  it('drops markup', () => {
    expect(shortDescription('<p>Le <strong>moringa</strong> au quotidien</p>')).toBe('Le moringa au quotidien');
  });

  it('is cut to 200 characters on a word, with an ellipsis', () => {
    const long = 'Le baobab nourrit et soigne depuis des siècles, '.repeat(10);
    const short = shortDescription(long) ?? '';
    expect(short.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(short.endsWith('…')).toBe(true);
    // A whole word before the ellipsis: the cut never splits 'siècles' or 'nourrit'.
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(long.charAt(short.length - 1)).toMatch(/[ ,]/);
    const exact = 'a'.repeat(DESCRIPTION_MAX);
    expect(shortDescription(exact)).toBe(exact);
  });
});

describe('the tags of a page', () => {
  it('name the site after the title, except on the home', () => {
    expect(fullTitle('Actualités')).toBe('Actualités | LBF');
    expect(fullTitle('LBF')).toBe('LBF');
  });

  it('describe an article with its own image, on the canonical URL without the query', () => {
    const tags = metaTags(
      { title: 'Le moringa', description: 'Ses bienfaits.', image: '/media/images/a.jpg', type: 'article', canonicalPath: '/actualites/7' },
      origin,
      '/actualite/7?utm_source=whatsapp',
    );
    expect(content(tags, 'og:type')).toBe('article');
    expect(content(tags, 'og:title')).toBe('Le moringa');
    expect(content(tags, 'og:url')).toBe('https://lbf.example/actualites/7');
    expect(content(tags, 'og:image')).toBe('https://lbf.example/media/images/a.jpg');
    expect(content(tags, 'twitter:image')).toBe('https://lbf.example/media/images/a.jpg');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'description')).toBe('Ses bienfaits.');
    expect(content(tags, 'og:description')).toBe('Ses bienfaits.');
    expect(content(tags, 'og:image:width')).toBeUndefined();
    expect(content(tags, 'robots')).toBeUndefined();
  });

  it('fall back to the site image, with its size, when the page has none', () => {
    const tags = metaTags({ title: 'À propos' }, origin, '/about');
    expect(content(tags, 'og:image')).toBe(`${origin}${DEFAULT_IMAGE}`);
    expect(content(tags, 'og:image:width')).toBe('1200');
    expect(content(tags, 'og:image:height')).toBe('630');
    expect(content(tags, 'og:url')).toBe('https://lbf.example/about');
    expect(content(tags, 'og:type')).toBe('website');
    expect(content(tags, 'description')).toBeUndefined();
  });

  it('keep an absolute image URL as it is', () => {
    const tags = metaTags({ title: 'Vidéo', image: 'https://cdn.example/t.jpg?X-Sig=1' }, origin, '/videos/1');
    expect(content(tags, 'og:image')).toBe('https://cdn.example/t.jpg?X-Sig=1');
  });

  it('say noindex when asked, and always on private paths', () => {
    expect(content(metaTags({ title: 'Page non trouvée', noindex: true }, origin, '/nulle-part'), 'robots')).toBe('noindex');
    for (const path of ['/admin/users', '/dashboard', '/dashboard/achats', '/paiement/retour?order=1', '/recu/9', '/auth', '/newsletter/confirmation/abc']) {
      expect(isPrivatePath(path)).toBe(true);
      expect(content(metaTags({ title: 'x' }, origin, path), 'robots')).toBe('noindex');
    }
    for (const path of ['/', '/actualites', '/videos/1', '/pdfs/2', '/authors', '/administration-des-plantes']) {
      expect(isPrivatePath(path)).toBe(false);
    }
  });
});
