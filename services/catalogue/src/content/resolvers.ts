import { adminOnly, isAdmin, toPayload } from '@lbf/service-kit';
import type { ArticleResolvers, MutationResolvers, QueryResolvers, SiteSettingsResolvers, TestimonialResolvers } from '../generated/graphql';
import { ARTICLE_CATEGORY_LABELS } from '../shared/categories';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { deletePayload } from '../shared/payloads';
import { createArticle, deleteArticle, findArticle, listArticles, setArticlePublished, updateArticle } from './articles';
import { readSettings, updateSettings } from './settings';
import { activeTestimonials, allTestimonials, createTestimonial, deleteTestimonial, updateTestimonial } from './testimonials';

function contentQueries(deps: CatalogueDeps): QueryResolvers {
  return {
    articles: (_, a) => listArticles(deps, { ...a.filter, page: a.page, pageSize: a.pageSize }, false),
    article: (_, a, ctx) => findArticle(deps, a.id, isAdmin(ctx)),
    testimonials: () => activeTestimonials(deps),
    siteSettings: () => readSettings(deps),
    adminArticles: adminOnly((a) => {
      const status = a.status === 'DRAFT' ? 'draft' : a.status === 'PUBLISHED' ? 'published' : null;
      return listArticles(deps, { ...a.filter, status, page: a.page, pageSize: a.pageSize }, true);
    }),
    adminTestimonials: adminOnly(() => allTestimonials(deps)),
  };
}

/** Every content mutation is an administrator's. */
function contentMutations(deps: CatalogueDeps): MutationResolvers {
  return {
    createArticle: adminOnly(async (a) => toPayload('article', await createArticle(deps, a.input))),
    updateArticle: adminOnly(async (a) => toPayload('article', await updateArticle(deps, a.id, a.input))),
    publishArticle: adminOnly(async (a) => toPayload('article', await setArticlePublished(deps, a.id, true))),
    unpublishArticle: adminOnly(async (a) => toPayload('article', await setArticlePublished(deps, a.id, false))),
    deleteArticle: adminOnly(async (a) => deletePayload(await deleteArticle(deps, a.id))),
    createTestimonial: adminOnly(async (a) => toPayload('testimonial', await createTestimonial(deps, a.input))),
    updateTestimonial: adminOnly(async (a) => toPayload('testimonial', await updateTestimonial(deps, a.id, a.input))),
    deleteTestimonial: adminOnly(async (a) => deletePayload(await deleteTestimonial(deps, a.id))),
    updateSiteSettings: adminOnly(async (a) => toPayload('settings', await updateSettings(deps, a.input))),
  };
}

/** One field per stored key (settings-rules.ts); every key has a value, stored or default. */
const siteSettingsFields: SiteSettingsResolvers = {
  siteName: (s) => s.values.site_name,
  siteDescription: (s) => s.values.site_description,
  siteLogo: (s) => s.values.site_logo,
  heroTitle: (s) => s.values.hero_title,
  heroSubtitle: (s) => s.values.hero_subtitle,
  contactEmail: (s) => s.values.contact_email,
  contactPhone: (s) => s.values.contact_phone,
  socialFacebook: (s) => s.values.social_facebook,
  socialTwitter: (s) => s.values.social_twitter,
  socialInstagram: (s) => s.values.social_instagram,
  legalName: (s) => s.values.legal_name,
  legalAddress: (s) => s.values.legal_address,
  taxId: (s) => s.values.tax_id,
  updatedAt: (s) => iso(s.updatedAt),
};

/** Articles, testimonials and the site's settings: what the public pages show around the catalogue. */
export function contentResolvers(deps: CatalogueDeps): {
  Query: QueryResolvers;
  Mutation: MutationResolvers;
  Article: ArticleResolvers;
  Testimonial: TestimonialResolvers;
  SiteSettings: SiteSettingsResolvers;
} {
  return {
    Query: contentQueries(deps),
    Mutation: contentMutations(deps),
    Article: {
      categoryLabel: (a) => ARTICLE_CATEGORY_LABELS[a.category],
      imageUrl: (a) => deps.urls.image('pdfs', a.imageKey),
      status: (a) => (a.status === 'published' ? 'PUBLISHED' : 'DRAFT'),
      date: (a) => iso(a.publishedAt ?? a.createdAt),
      publishedAt: (a) => iso(a.publishedAt),
      createdAt: (a) => iso(a.createdAt),
      updatedAt: (a) => iso(a.updatedAt),
    },
    Testimonial: { createdAt: (t) => iso(t.createdAt) },
    SiteSettings: siteSettingsFields,
  };
}
