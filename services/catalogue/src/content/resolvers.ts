import { adminOnly, hasScope, scoped, scopedWrite, toPayload } from '@lbf/service-kit';
import type { ArticleResolvers, MutationResolvers, QueryResolvers, SiteSettingsResolvers, TestimonialResolvers } from '../generated/graphql';
import { ARTICLE_CATEGORY_LABELS } from '../shared/categories';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { deletePayload } from '../shared/payloads';
import { createArticle, deleteArticle, findArticle, listArticles, setArticlePublished, updateArticle } from './articles';
import { readSettings, updateSettings } from './settings';
import { claimWordsOf } from './settings-rules';
import { activeTestimonials, allTestimonials, createTestimonial, deleteTestimonial, updateTestimonial } from './testimonials';

function contentQueries(deps: CatalogueDeps): QueryResolvers {
  return {
    articles: (_, a) => listArticles(deps, { ...a.filter, page: a.page, pageSize: a.pageSize }, false),
    // The public catalogue answers an API key as it answers a visitor, with no scope: the same data is
    // public without a key. catalogue:read (issue 24) opens what is not public: drafts.
    article: (_, a, ctx) => findArticle(deps, a.id, hasScope(ctx, 'catalogue:read')),
    testimonials: () => activeTestimonials(deps),
    siteSettings: () => readSettings(deps),
    adminArticles: scoped('catalogue:read', (a) => {
      const status = a.status === 'DRAFT' ? 'draft' : a.status === 'PUBLISHED' ? 'published' : null;
      return listArticles(deps, { ...a.filter, status, page: a.page, pageSize: a.pageSize }, true);
    }),
    adminTestimonials: adminOnly(() => allTestimonials(deps)),
  };
}

/**
 * Every content mutation is an administrator's; an integration holding content:write (issue 24)
 * may also write articles: create, edit, publish and unpublish them (news written in another tool),
 * journaled with its key as the actor. Deleting, testimonials and the site's settings stay the
 * administrators' alone: a key that leaks can then at worst add or unpublish an article, which an
 * administrator restores from the back-office and the journal shows.
 */
function contentMutations(deps: CatalogueDeps): MutationResolvers {
  return {
    createArticle: scopedWrite('content:write', async (a, _ctx, by) => toPayload('article', await createArticle(deps, by, a.input))),
    updateArticle: scopedWrite('content:write', async (a, _ctx, by) => toPayload('article', await updateArticle(deps, by, a.id, a.input))),
    publishArticle: scopedWrite('content:write', async (a, _ctx, by) => toPayload('article', await setArticlePublished(deps, by, a.id, true))),
    unpublishArticle: scopedWrite('content:write', async (a, _ctx, by) => toPayload('article', await setArticlePublished(deps, by, a.id, false))),
    deleteArticle: adminOnly(async (a, _ctx, admin) => deletePayload(await deleteArticle(deps, admin, a.id))),
    createTestimonial: adminOnly(async (a, _ctx, admin) => toPayload('testimonial', await createTestimonial(deps, admin, a.input))),
    updateTestimonial: adminOnly(async (a, _ctx, admin) => toPayload('testimonial', await updateTestimonial(deps, admin, a.id, a.input))),
    deleteTestimonial: adminOnly(async (a, _ctx, admin) => deletePayload(await deleteTestimonial(deps, admin, a.id))),
    updateSiteSettings: adminOnly(async (a, _ctx, admin) => toPayload('settings', await updateSettings(deps, admin, a.input))),
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
  healthClaimWords: (s) => claimWordsOf(s.values.health_claim_words),
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
