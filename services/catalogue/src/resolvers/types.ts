import { isAdmin, type BaseContext } from '@lbf/service-kit';
import { ARTICLE_CATEGORY_LABELS, CONTENT_CATEGORY_LABELS } from '../shared/categories';
import { safeFileNameFromTitle } from '../shared/search';
import type { Resolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { viewerOwns, type RequestLoaders } from '../entitlements/entitlements';
import { similarVideos } from '../items/videos';
import { renditionViews } from '../playback/rules';
import { viewerWatchProgress, watchProgressLoaders } from '../playback/watch-progress';

/** ISO 8601 (UTC); null in, null out, so nullable date fields stay nullable and required ones stay strings. */
function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

function extensionOf(key: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(key);
  return m ? m[1]!.toLowerCase() : 'bin';
}

/** Field resolvers of the SDL's object types; the root resolvers return entities (see codegen.json's mappers). */
export function typeResolvers(deps: CatalogueDeps, loaders: (ctx: BaseContext) => RequestLoaders): Resolvers {
  const progress = watchProgressLoaders(deps);
  return {
    Video: {
      // Batched: one query per _entities call, whatever the number of references.
      __resolveReference: (ref, ctx) => loaders(ctx).video.load(ref.id),
      categoryLabel: (v) => CONTENT_CATEGORY_LABELS[v.category],
      presenter: (v) => (v.presenterName ? { name: v.presenterName, title: v.presenterTitle, photoKey: v.presenterPhotoKey } : null),
      thumbnailUrl: (v) => deps.urls.image('videos', v.thumbnailKey),
      createdAt: (v) => iso(v.createdAt),
      publishedAt: (v) => iso(v.publishedAt),
      // The SDL's default (3) only applies when limit is left out; an explicit null gets it here.
      similarVideos: (v, args) => similarVideos(deps, v, args.limit ?? 3),
      // One statement per request for all the videos of a page (or of an _entities call).
      purchased: (v, _, ctx) => viewerOwns(loaders(ctx), v.id),
      // The uploaded source, unencrypted: administrators only; customers play through startPlayback.
      playbackUrl: async (v, _, ctx) => (isAdmin(ctx) ? (await deps.urls.file('videos', v.videoKey)).url : null),
      hasPreview: (v) => v.hlsVersion !== null && v.previewRenditions.length > 0,
      renditions: (v) => (v.hlsVersion === null ? [] : renditionViews(v.hlsRenditions)),
      // One statement per request for all the videos of a page.
      watchProgress: (v, _, ctx) => viewerWatchProgress(progress, v, ctx),
      downloadUrl: async (v, _, ctx) =>
        isAdmin(ctx) ? (await deps.urls.file('videos', v.videoKey, safeFileNameFromTitle(v.title, extensionOf(v.videoKey)))).url : null,
      fileSize: (v, _, ctx) => (isAdmin(ctx) ? v.videoSize : null),
      contentType: (v, _, ctx) => (isAdmin(ctx) ? v.videoContentType : null),
      processing: (v, _, ctx) =>
        isAdmin(ctx)
          ? {
              state: v.processingState.toUpperCase() as 'PENDING' | 'PROCESSING' | 'READY' | 'FAILED',
              progress: v.processingState === 'ready' ? 100 : v.processingProgress,
              error: v.processingState === 'failed' ? v.processingError : null,
              updatedAt: iso(v.processingUpdatedAt),
            }
          : null,
      previewSeconds: (v) => (v.durationSeconds ? Math.min(v.previewSeconds, v.durationSeconds) : v.previewSeconds),
    },
    Presenter: {
      photoUrl: (p) => deps.urls.image('videos', p.photoKey),
    },
    Pdf: {
      __resolveReference: (ref, ctx) => loaders(ctx).pdf.load(ref.id),
      purchased: (p, _, ctx) => viewerOwns(loaders(ctx), p.id),
      categoryLabel: (p) => CONTENT_CATEGORY_LABELS[p.category],
      illustrationUrl: (p) => deps.urls.image('pdfs', p.illustrationKey),
      createdAt: (p) => iso(p.createdAt),
      publishedAt: (p) => iso(p.publishedAt),
      downloadUrl: async (p, _, ctx) => (isAdmin(ctx) ? (await deps.urls.file('pdfs', p.fileKey, safeFileNameFromTitle(p.title, 'pdf'))).url : null),
    },
    Article: {
      categoryLabel: (a) => ARTICLE_CATEGORY_LABELS[a.category],
      imageUrl: (a) => deps.urls.image('pdfs', a.imageKey),
      status: (a) => (a.status === 'published' ? 'PUBLISHED' : 'DRAFT'),
      date: (a) => iso(a.publishedAt ?? a.createdAt),
      publishedAt: (a) => iso(a.publishedAt),
      createdAt: (a) => iso(a.createdAt),
      updatedAt: (a) => iso(a.updatedAt),
    },
    Testimonial: {
      createdAt: (t) => iso(t.createdAt),
    },
    // One field per stored key (domain/settings.ts); every key has a value, stored or default.
    SiteSettings: {
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
    },
    UploadTicket: {
      expiresAt: (t) => iso(t.expiresAt),
    },
  };
}
