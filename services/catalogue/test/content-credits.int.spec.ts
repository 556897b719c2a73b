import { withHarness } from '@lbf/service-kit/testing';
import { dayIn } from '../src/shared/iso';
import { setupCatalogue } from './harness';

/*
 * Health content people can trust (issue 23, point 7): every article, lesson and guide carries its
 * author, its reviewer and « Mis à jour le … », set by an administrator and read by the public pages;
 * the words the article editor warns about are a site setting.
 */
const t = withHarness(() => setupCatalogue());

type UserError = { code: string; message: string; field: string | null };
type Credits = { author: string | null; reviewer: string | null; contentUpdatedOn: string | null };

const CREDITS = 'author reviewer contentUpdatedOn';
const CREATE_ARTICLE = `mutation($i: CreateArticleInput!) { createArticle(input: $i) { article { id ${CREDITS} } error { code message field } } }`;
const UPDATE_ARTICLE = `mutation($id: ID!, $i: UpdateArticleInput!) { updateArticle(id: $id, input: $i) { article { ${CREDITS} } error { code message field } } }`;
const UPDATE_VIDEO = `mutation($id: ID!, $i: UpdateVideoInput!) { updateVideo(id: $id, input: $i) { video { ${CREDITS} } error { code message field } } }`;
const UPDATE_PDF = `mutation($id: ID!, $i: UpdatePdfInput!) { updatePdf(id: $id, input: $i) { pdf { ${CREDITS} } error { code message field } } }`;
const UPDATE_SETTINGS = `mutation($i: SiteSettingsInput!) { updateSiteSettings(input: $i) { settings { healthClaimWords siteName } error { code message field } } }`;

const article = { title: 'Le kinkéliba', excerpt: 'Une tisane du Sahel.', bodyHtml: '<p>Une infusion douce.</p>', author: 'Fatou Sow', category: 'wellbeing', publish: true };

describe('an article’s author, reviewer and « Mis à jour le »', () => {
  let id: string;

  it('saves the reviewer and the day an administrator sets, and anyone reads them on the article', async () => {
    const res = await t.asAdmin<{ createArticle: { article: Credits & { id: string } } }>(CREATE_ARTICLE, {
      i: { ...article, reviewer: '  Dr Aminata Diallo ', contentUpdatedOn: '2026-03-05' },
    });
    id = res.data!.createArticle.article.id;
    const read = await t.query<{ article: Credits }>(`query($id: ID!) { article(id: $id) { ${CREDITS} } }`, { id });
    expect(read.data!.article).toEqual({ author: 'Fatou Sow', reviewer: 'Dr Aminata Diallo', contentUpdatedOn: '2026-03-05' });
    const list = await t.query<{ articles: { items: Credits[] } }>(`{ articles { items { ${CREDITS} } } }`);
    expect(list.data!.articles.items).toEqual([{ author: 'Fatou Sow', reviewer: 'Dr Aminata Diallo', contentUpdatedOn: '2026-03-05' }]);
    const { rows } = await t.sql.query(`SELECT reviewer, content_updated_on::text AS day FROM catalogue.articles WHERE id = $1`, [id]);
    expect(rows).toEqual([{ reviewer: 'Dr Aminata Diallo', day: '2026-03-05' }]);
  });

  it('dates a new article today (the site’s day) when no day is given, with no reviewer', async () => {
    const res = await t.asAdmin<{ createArticle: { article: Credits } }>(CREATE_ARTICLE, { i: { ...article, title: 'Sans date' } });
    expect(res.data!.createArticle.article).toMatchObject({ author: 'Fatou Sow', reviewer: null, contentUpdatedOn: dayIn(t.config.siteTimezone) });
  });

  it('changes the day, clears the reviewer with null, and leaves what is not sent', async () => {
    const changed = await t.asAdmin<{ updateArticle: { article: Credits } }>(UPDATE_ARTICLE, { id, i: { contentUpdatedOn: '2026-04-01' } });
    expect(changed.data!.updateArticle.article).toEqual({ author: 'Fatou Sow', reviewer: 'Dr Aminata Diallo', contentUpdatedOn: '2026-04-01' });
    const cleared = await t.asAdmin<{ updateArticle: { article: Credits } }>(UPDATE_ARTICLE, { id, i: { reviewer: null, author: 'Kofi Mensah' } });
    expect(cleared.data!.updateArticle.article).toEqual({ author: 'Kofi Mensah', reviewer: null, contentUpdatedOn: '2026-04-01' });
  });

  it('refuses a reviewer too long and a day in the future or not a day, in French, naming the field', async () => {
    const long = await t.asAdmin<{ updateArticle: { error: UserError } }>(UPDATE_ARTICLE, { id, i: { reviewer: 'x'.repeat(121) } });
    expect(long.data!.updateArticle.error).toEqual({ code: 'VALIDATION', message: 'Le nom du relecteur ne peut pas dépasser 120 caractères.', field: 'reviewer' });
    for (const day of ['2999-01-01', '2026-02-30', '05/03/2026']) {
      const bad = await t.asAdmin<{ updateArticle: { error: UserError } }>(UPDATE_ARTICLE, { id, i: { contentUpdatedOn: day } });
      expect(bad.data!.updateArticle.error).toEqual({
        code: 'VALIDATION',
        message: "Veuillez entrer une date de mise à jour valide, au plus tard aujourd'hui.",
        field: 'contentUpdatedOn',
      });
    }
    const read = await t.query<{ article: Credits }>(`query($id: ID!) { article(id: $id) { ${CREDITS} } }`, { id });
    expect(read.data!.article).toEqual({ author: 'Kofi Mensah', reviewer: null, contentUpdatedOn: '2026-04-01' });
  });
});

describe('a lesson’s and a guide’s author, reviewer and « Mis à jour le »', () => {
  it('saves them on a video and shows them on its page to anyone', async () => {
    const id = await t.insertVideo({ title: 'Le moringa', presenterName: 'Kofi Mensah' });
    const before = await t.query<{ video: Credits }>(`query($id: ID!) { video(id: $id) { ${CREDITS} } }`, { id });
    expect(before.data!.video).toEqual({ author: null, reviewer: null, contentUpdatedOn: null });

    const res = await t.asAdmin<{ updateVideo: { video: Credits } }>(UPDATE_VIDEO, {
      id,
      i: { author: 'Kofi Mensah', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2026-01-15' },
    });
    expect(res.data!.updateVideo.video).toEqual({ author: 'Kofi Mensah', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2026-01-15' });
    const read = await t.query<{ video: Credits }>(`query($id: ID!) { video(id: $id) { ${CREDITS} } }`, { id });
    expect(read.data!.video).toEqual({ author: 'Kofi Mensah', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2026-01-15' });

    const cleared = await t.asAdmin<{ updateVideo: { video: Credits } }>(UPDATE_VIDEO, { id, i: { reviewer: null, title: 'Le moringa au quotidien' } });
    expect(cleared.data!.updateVideo.video).toEqual({ author: 'Kofi Mensah', reviewer: null, contentUpdatedOn: '2026-01-15' });
    const long = await t.asAdmin<{ updateVideo: { error: UserError } }>(UPDATE_VIDEO, { id, i: { author: 'y'.repeat(121) } });
    expect(long.data!.updateVideo.error).toEqual({ code: 'VALIDATION', message: "Le nom de l'auteur ne peut pas dépasser 120 caractères.", field: 'author' });
  });

  it('saves them on a PDF guide and shows them on its page to anyone', async () => {
    const id = await t.insertPdf({ title: 'Guide des tisanes' });
    const res = await t.asAdmin<{ updatePdf: { pdf: Credits } }>(UPDATE_PDF, { id, i: { author: 'Dr Aminata Diallo', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2025-12-31' } });
    expect(res.data!.updatePdf.pdf).toEqual({ author: 'Dr Aminata Diallo', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2025-12-31' });
    const read = await t.query<{ pdf: Credits }>(`query($id: ID!) { pdf(id: $id) { ${CREDITS} } }`, { id });
    expect(read.data!.pdf).toEqual({ author: 'Dr Aminata Diallo', reviewer: 'Dr Jean-Paul Ekanga', contentUpdatedOn: '2025-12-31' });
    const future = await t.asAdmin<{ updatePdf: { error: UserError } }>(UPDATE_PDF, { id, i: { contentUpdatedOn: '2999-12-31' } });
    expect(future.data!.updatePdf.error).toMatchObject({ code: 'VALIDATION', field: 'contentUpdatedOn' });
  });

  it('is refused to customers: only an administrator sets them', async () => {
    const id = await t.insertPdf({ title: 'Guide du sommeil' });
    const res = await t.asCustomer<{ updatePdf: unknown }>(UPDATE_PDF, { id, i: { author: 'Moi' } });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const read = await t.query<{ pdf: Credits }>(`query($id: ID!) { pdf(id: $id) { author } }`, { id });
    expect(read.data!.pdf.author).toBeNull();
  });
});

describe('the words the article editor warns about (« Paramètres du site »)', () => {
  it('has a French default list before anything is saved', async () => {
    const res = await t.query<{ siteSettings: { healthClaimWords: string[] } }>(`{ siteSettings { healthClaimWords } }`);
    expect(res.data!.siteSettings.healthClaimWords).toEqual(expect.arrayContaining(['guérit', 'guérir', 'soigne', 'traite', 'remède miracle', 'élimine le cancer', 'cure']));
  });

  it('replaces the list with the one sent, tidied (spaces, blanks, repeats), and reads it back', async () => {
    const res = await t.asAdmin<{ updateSiteSettings: { settings: { healthClaimWords: string[]; siteName: string } } }>(UPDATE_SETTINGS, {
      i: { healthClaimWords: ['  guérit ', 'remède\n miracle', '', 'guérit', 'Fait disparaître le diabète'] },
    });
    expect(res.data!.updateSiteSettings.settings).toEqual({ healthClaimWords: ['guérit', 'remède miracle', 'Fait disparaître le diabète'], siteName: 'LBF' });
    const read = await t.query<{ siteSettings: { healthClaimWords: string[] } }>(`{ siteSettings { healthClaimWords } }`);
    expect(read.data!.siteSettings.healthClaimWords).toEqual(['guérit', 'remède miracle', 'Fait disparaître le diabète']);
    const { rows } = await t.sql.query(`SELECT value FROM catalogue.site_settings WHERE key = 'health_claim_words'`);
    expect(rows).toEqual([{ value: 'guérit\nremède miracle\nFait disparaître le diabète' }]);
  });

  it('keeps the list when other settings are saved, and an empty list turns the warning off', async () => {
    await t.asAdmin(UPDATE_SETTINGS, { i: { siteName: 'LBF Santé' } });
    const kept = await t.query<{ siteSettings: { healthClaimWords: string[] } }>(`{ siteSettings { healthClaimWords } }`);
    expect(kept.data!.siteSettings.healthClaimWords).toHaveLength(3);
    const off = await t.asAdmin<{ updateSiteSettings: { settings: { healthClaimWords: string[] } } }>(UPDATE_SETTINGS, { i: { healthClaimWords: [] } });
    expect(off.data!.updateSiteSettings.settings.healthClaimWords).toEqual([]);
  });

  it('refuses a word too long or too many words, in French, and keeps the list', async () => {
    const long = await t.asAdmin<{ updateSiteSettings: { error: UserError } }>(UPDATE_SETTINGS, { i: { healthClaimWords: ['ok', 'z'.repeat(61)] } });
    expect(long.data!.updateSiteSettings.error).toEqual({ code: 'VALIDATION', message: 'Un mot ou une expression ne peut pas dépasser 60 caractères.', field: 'healthClaimWords' });
    const many = await t.asAdmin<{ updateSiteSettings: { error: UserError } }>(UPDATE_SETTINGS, { i: { healthClaimWords: Array.from({ length: 101 }, (_, n) => `mot ${n}`) } });
    expect(many.data!.updateSiteSettings.error).toEqual({ code: 'VALIDATION', message: 'Pas plus de 100 mots ou expressions à surveiller.', field: 'healthClaimWords' });
    const read = await t.query<{ siteSettings: { healthClaimWords: string[] } }>(`{ siteSettings { healthClaimWords } }`);
    expect(read.data!.siteSettings.healthClaimWords).toEqual([]);
  });
});
