import { withHarness } from '@lbf/service-kit/testing';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

const ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every administrator operation, with arguments that would otherwise be valid enough to run.
 * (downloadPdf is also an owner's: entitlements.int.spec.ts.)
 */
const OPERATIONS: Array<[string, string, Record<string, unknown>?]> = [
  ['createUpload', `mutation($i: CreateUploadInput!) { createUpload(input: $i) { upload { uploadId } } }`, { i: { kind: 'VIDEO', fileName: 'a.mp4', contentType: 'video/mp4', size: 10 } }],
  ['createVideo', `mutation { createVideo(input: { title: "T", category: health, videoUploadId: "${ID}" }) { video { id } } }`],
  ['updateVideo', `mutation { updateVideo(id: "${ID}", input: { title: "T" }) { video { id } } }`],
  ['deleteVideo', `mutation { deleteVideo(id: "${ID}") { ok } }`],
  ['createPdf', `mutation { createPdf(input: { title: "T", category: health, fileUploadId: "${ID}" }) { pdf { id } } }`],
  ['updatePdf', `mutation { updatePdf(id: "${ID}", input: { title: "T" }) { pdf { id } } }`],
  ['deletePdf', `mutation { deletePdf(id: "${ID}") { ok } }`],
  ['createArticle', `mutation { createArticle(input: { title: "T", excerpt: "E", bodyHtml: "<p>B</p>", author: "A", category: cardio }) { article { id } } }`],
  ['updateArticle', `mutation { updateArticle(id: "${ID}", input: { title: "T" }) { article { id } } }`],
  ['publishArticle', `mutation { publishArticle(id: "${ID}") { article { id } } }`],
  ['unpublishArticle', `mutation { unpublishArticle(id: "${ID}") { article { id } } }`],
  ['deleteArticle', `mutation { deleteArticle(id: "${ID}") { ok } }`],
  ['createTestimonial', `mutation { createTestimonial(input: { name: "N", content: "C" }) { testimonial { id } } }`],
  ['updateTestimonial', `mutation { updateTestimonial(id: "${ID}", input: { name: "N" }) { testimonial { id } } }`],
  ['deleteTestimonial', `mutation { deleteTestimonial(id: "${ID}") { ok } }`],
  ['updateSiteSettings', `mutation { updateSiteSettings(input: { siteName: "Piraté" }) { settings { siteName } } }`],
  ['adminArticles', `{ adminArticles { total } }`],
  ['adminTestimonials', `{ adminTestimonials { id } }`],
  ['catalogueStats', `{ catalogueStats { videoCount } }`],
  ['uploadLimits', `{ uploadLimits { videoBytes } }`],
  ['exportVideosCsv', `{ exportVideosCsv }`],
  ['exportPdfsCsv', `{ exportPdfsCsv }`],
];

// Every row gets its variables: jest would take a missing third argument for a `done` callback.
const ADMIN_OPERATIONS = OPERATIONS.map(([name, query, variables]) => [name, query, variables ?? {}] as const);

describe('administrator operations are refused on the server', () => {
  it.each(ADMIN_OPERATIONS)('%s is refused to a visitor (UNAUTHENTICATED)', async (_name, query, variables) => {
    const res = await t.query(query, variables);
    expect(res.errors?.[0]).toMatchObject({ message: 'Connexion requise', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it.each(ADMIN_OPERATIONS)('%s is refused to a customer (FORBIDDEN)', async (_name, query, variables) => {
    const res = await t.asCustomer(query, variables);
    expect(res.errors?.[0]).toMatchObject({ message: 'Accès refusé', extensions: { code: 'FORBIDDEN' } });
  });

  it('changed nothing while refusing', async () => {
    const { rows } = await t.sql.query(`SELECT
      (SELECT count(*) FROM catalogue.pending_uploads)::int AS uploads,
      (SELECT count(*) FROM catalogue.articles)::int AS articles,
      (SELECT count(*) FROM catalogue.testimonials)::int AS testimonials,
      (SELECT count(*) FROM catalogue.site_settings)::int AS settings,
      (SELECT count(*) FROM catalogue.outbox)::int AS events`);
    expect(rows[0]).toEqual({ uploads: 0, articles: 0, testimonials: 0, settings: 0, events: 0 });
  });

  it('lets an administrator through the same operations', async () => {
    const res = await t.asAdmin(`{ catalogueStats { videoCount pdfCount } uploadLimits { videoBytes pdfBytes imageBytes } }`);
    expect(res.data).toEqual({
      catalogueStats: { videoCount: 0, pdfCount: 0 },
      uploadLimits: { videoBytes: 2 * 1024 ** 3, pdfBytes: 100 * 1024 ** 2, imageBytes: 10 * 1024 ** 2 },
    });
  });

  it('refuses an upload URL forged without the signing secret', async () => {
    const grant = Buffer.from(JSON.stringify({ bucket: 'videos', key: 'pirate.mp4', max: 10 ** 9, kind: 'VIDEO', exp: 9_999_999_999 })).toString('base64url');
    const res = await t.fetch(`${t.origin}/media/upload/${grant}.c2lnbmF0dXJl`, { method: 'PUT', body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Lien invalide.' });
  });
});
