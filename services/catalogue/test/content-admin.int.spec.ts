import { withHarness } from '@lbf/service-kit/testing';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

const SETTINGS = `{ siteSettings { siteName siteDescription siteLogo heroTitle heroSubtitle contactEmail contactPhone socialFacebook socialTwitter socialInstagram updatedAt } }`;
const UPDATE_SETTINGS = `mutation($input: SiteSettingsInput!) { updateSiteSettings(input: $input) { settings { siteName contactEmail socialFacebook heroTitle } error { code message field } } }`;
const ARTICLE_FIELDS = 'id title excerpt bodyHtml author category categoryLabel readTimeMinutes status date publishedAt';
const CREATE_ARTICLE = `mutation($input: CreateArticleInput!) { createArticle(input: $input) { article { ${ARTICLE_FIELDS} } error { code message field } } }`;

type Article = { id: string; title: string; bodyHtml: string; category: string; categoryLabel: string; readTimeMinutes: number; status: string; date: string; publishedAt: string | null };

describe('site settings', () => {
  it('has the spec defaults before anything is saved', async () => {
    const res = await t.query(SETTINGS);
    expect(res.data).toEqual({
      siteSettings: {
        siteName: 'LBF',
        siteDescription: 'Votre plateforme santé et bien-être',
        siteLogo: '',
        heroTitle: 'Votre santé, notre priorité',
        heroSubtitle: 'Découvrez nos contenus exclusifs pour améliorer votre bien-être',
        contactEmail: '',
        contactPhone: '',
        socialFacebook: '',
        socialTwitter: '',
        socialInstagram: '',
        updatedAt: null,
      },
    });
  });

  it('upserts the fields sent by key, keeps the others, and saves again over them', async () => {
    const first = await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'LBF Santé', contactEmail: 'contact@lbf.test', socialFacebook: 'https://facebook.com/lbf' } });
    expect(first.data).toEqual({
      updateSiteSettings: {
        settings: { siteName: 'LBF Santé', contactEmail: 'contact@lbf.test', socialFacebook: 'https://facebook.com/lbf', heroTitle: 'Votre santé, notre priorité' },
        error: null,
      },
    });
    await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'LBF Bien-être', socialFacebook: '' } });
    const { rows } = await t.sql.query('SELECT key, value FROM catalogue.site_settings ORDER BY key');
    expect(rows).toEqual([
      { key: 'contact_email', value: 'contact@lbf.test' },
      { key: 'site_name', value: 'LBF Bien-être' },
      { key: 'social_facebook', value: '' },
    ]);
    const read = await t.query<{ siteSettings: { siteName: string; updatedAt: string } }>(SETTINGS);
    expect(read.data!.siteSettings.siteName).toBe('LBF Bien-être');
    expect(Date.parse(read.data!.siteSettings.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses an invalid contact e-mail or social link and saves none of the fields', async () => {
    const bad = await t.asAdmin(UPDATE_SETTINGS, { input: { siteName: 'Ne pas garder', contactEmail: 'pas-un-email' } });
    expect(bad.data).toEqual({ updateSiteSettings: { settings: null, error: { code: 'VALIDATION', message: 'Veuillez entrer une adresse email valide', field: 'contactEmail' } } });
    const link = await t.asAdmin(UPDATE_SETTINGS, { input: { socialTwitter: 'javascript:alert(1)' } });
    expect(link.data).toMatchObject({ updateSiteSettings: { error: { field: 'socialTwitter' } } });
    const read = await t.query<{ siteSettings: { siteName: string } }>(SETTINGS);
    expect(read.data!.siteSettings.siteName).toBe('LBF Bien-être');
  });
});

describe('news articles', () => {
  it('sanitises the body on the server: a script tag never survives', async () => {
    const res = await t.asAdmin<{ createArticle: { article: Article } }>(CREATE_ARTICLE, {
      input: {
        title: 'Le cœur et la marche',
        excerpt: 'Marcher protège le cœur.',
        bodyHtml:
          '<h2>Marcher</h2><p onclick="voler()">Trente minutes <strong>par jour</strong>.</p><script>document.location="https://mal.test"</script>' +
          '<img src="https://exemple.test/a.jpg" onerror="alert(1)"><a href="javascript:alert(1)">piège</a><a href="https://who.int">OMS</a>',
        author: 'Dr Aminata Diallo',
        category: 'cardio',
        publish: true,
      },
    });
    const a = res.data!.createArticle.article;
    expect(a.bodyHtml).toBe(
      '<h2>Marcher</h2><p>Trente minutes <strong>par jour</strong>.</p><img src="https://exemple.test/a.jpg" />' +
        '<a target="_blank" rel="noopener noreferrer">piège</a><a href="https://who.int" target="_blank" rel="noopener noreferrer">OMS</a>',
    );
    const stored = (await t.sql.query('SELECT body_html FROM catalogue.articles WHERE id = $1', [a.id])).rows[0].body_html as string;
    expect(stored).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(a).toMatchObject({ category: 'cardio', categoryLabel: 'Cardio', status: 'PUBLISHED', readTimeMinutes: 1 });
  });

  it('refuses a body that is nothing once sanitised', async () => {
    const res = await t.asAdmin<{ createArticle: { error: { field: string } } }>(CREATE_ARTICLE, {
      input: { title: 'Vide', excerpt: 'E', bodyHtml: '<script>alert(1)</script>', author: 'A', category: 'cardio' },
    });
    expect(res.data!.createArticle.error).toMatchObject({ code: 'VALIDATION', field: 'bodyHtml' });
  });

  it('computes the read time from the body', async () => {
    const body = `<p>${Array.from({ length: 650 }, (_, i) => `mot${i}`).join(' ')}</p>`;
    const res = await t.asAdmin<{ createArticle: { article: Article } }>(CREATE_ARTICLE, {
      input: { title: 'Le fonio', excerpt: 'Une céréale ancestrale.', bodyHtml: body, author: 'Kofi Mensah', category: 'nutrition', publish: true },
    });
    expect(res.data!.createArticle.article.readTimeMinutes).toBe(4);
  });

  it('keeps drafts out of the public list and page, shows them to administrators, then publishes them', async () => {
    const draft = (
      await t.asAdmin<{ createArticle: { article: Article } }>(CREATE_ARTICLE, {
        input: { title: 'Sommeil en préparation', excerpt: 'Brouillon.', bodyHtml: '<p>Bientôt.</p>', author: 'A', category: 'sleep' },
      })
    ).data!.createArticle.article;
    expect(draft).toMatchObject({ status: 'DRAFT', publishedAt: null });

    const publicList = await t.query<{ articles: { items: Array<{ title: string }>; total: number } }>(`{ articles { items { title } total } }`);
    expect(publicList.data!.articles.items.map((a) => a.title)).toEqual(['Le fonio', 'Le cœur et la marche']);
    expect((await t.query(`query($id: ID!) { article(id: $id) { id } }`, { id: draft.id })).data).toEqual({ article: null });
    const admin = await t.asAdmin<{ adminArticles: { total: number } }>(`{ adminArticles(status: DRAFT) { total } }`);
    expect(admin.data!.adminArticles.total).toBe(1);

    const published = await t.asAdmin<{ publishArticle: { article: Article } }>(`mutation($id: ID!) { publishArticle(id: $id) { article { ${ARTICLE_FIELDS} } } }`, { id: draft.id });
    const date = published.data!.publishArticle.article.publishedAt!;
    expect(published.data!.publishArticle.article.status).toBe('PUBLISHED');
    expect((await t.query<{ article: { title: string } }>(`query($id: ID!) { article(id: $id) { title } }`, { id: draft.id })).data!.article.title).toBe('Sommeil en préparation');

    await t.asAdmin(`mutation($id: ID!) { unpublishArticle(id: $id) { article { id } } }`, { id: draft.id });
    expect((await t.query(`query($id: ID!) { article(id: $id) { id } }`, { id: draft.id })).data).toEqual({ article: null });
    const again = await t.asAdmin<{ publishArticle: { article: Article } }>(`mutation($id: ID!) { publishArticle(id: $id) { article { publishedAt } } }`, { id: draft.id });
    expect(again.data!.publishArticle.article.publishedAt).toBe(date);
  });

  it('searches title and excerpt without accents and filters by category', async () => {
    const search = async (filter: Record<string, unknown>) =>
      (await t.query<{ articles: { items: Array<{ title: string }> } }>(`query($f: ArticleFilter) { articles(filter: $f) { items { title } } }`, { f: filter })).data!.articles.items.map((a) => a.title);
    expect(await search({ search: 'COEUR' })).toEqual(['Le cœur et la marche']);
    expect(await search({ search: 'cereale' })).toEqual(['Le fonio']);
    expect(await search({ category: 'nutrition' })).toEqual(['Le fonio']);
    expect(await search({ category: 'cardio', search: 'fonio' })).toEqual([]);
  });

  it('updates and deletes an article', async () => {
    const id = (await t.sql.query(`SELECT id FROM catalogue.articles WHERE title = 'Le fonio'`)).rows[0].id;
    const up = await t.asAdmin<{ updateArticle: { article: Article } }>(`mutation($id: ID!, $i: UpdateArticleInput!) { updateArticle(id: $id, input: $i) { article { title bodyHtml readTimeMinutes } } }`, {
      id,
      i: { title: 'Le fonio, céréale ancestrale', bodyHtml: '<p>Court.</p><script>x</script>' },
    });
    expect(up.data!.updateArticle.article).toEqual({ title: 'Le fonio, céréale ancestrale', bodyHtml: '<p>Court.</p>', readTimeMinutes: 1 });
    const del = await t.asAdmin(`mutation($id: ID!) { deleteArticle(id: $id) { ok } }`, { id });
    expect(del.data).toEqual({ deleteArticle: { ok: true } });
    expect((await t.query(`query($id: ID!) { article(id: $id) { id } }`, { id })).data).toEqual({ article: null });
  });
});

describe('testimonials', () => {
  it('shows the 5 newest active testimonials, rating 5 by default', async () => {
    for (let i = 1; i <= 7; i++) {
      const res = await t.asAdmin<{ createTestimonial: { testimonial: { id: string; rating: number } } }>(
        `mutation($i: CreateTestimonialInput!) { createTestimonial(input: $i) { testimonial { id rating } } }`,
        { i: { name: `Client ${i}`, location: 'Douala, Cameroun', content: `Témoignage ${i}`, isActive: i !== 6 } },
      );
      expect(res.data!.createTestimonial.testimonial.rating).toBe(5);
    }
    const res = await t.query<{ testimonials: Array<{ name: string }> }>(`{ testimonials { name location content rating videoTitle isActive createdAt } }`);
    expect(res.data!.testimonials.map((x) => x.name)).toEqual(['Client 7', 'Client 5', 'Client 4', 'Client 3', 'Client 2']);
    const admin = await t.asAdmin<{ adminTestimonials: unknown[] }>(`{ adminTestimonials { id } }`);
    expect(admin.data!.adminTestimonials).toHaveLength(7);
  });

  it('refuses a rating outside 1 to 5', async () => {
    const res = await t.asAdmin(`mutation { createTestimonial(input: { name: "A", content: "B", rating: 6 }) { testimonial { id } error { message field } } }`);
    expect(res.data).toEqual({ createTestimonial: { testimonial: null, error: { message: 'La note doit être comprise entre 1 et 5.', field: 'rating' } } });
  });
});
