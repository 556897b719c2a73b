import type { ArticleCategory, ContentCategory, VideoSort } from '@/generated/graphql';
import { everyValue, everyValueOf } from '@/lib/enum-values';

export type { ArticleCategory, ContentCategory };

/** The API's ContentCategory values (videos and PDFs), in the order of the filters. */
export const CONTENT_CATEGORIES: readonly ContentCategory[] = everyValue<ContentCategory>()(['exercise', 'nutrition', 'wellbeing', 'sleep', 'health']);
/** The API's ArticleCategory values (news), in the order of the news page's buttons. */
export const ARTICLE_CATEGORIES: readonly ArticleCategory[] = everyValue<ArticleCategory>()(['cardio', 'nutrition', 'sleep', 'wellbeing']);

export function isContentCategory(value: string | null): value is ContentCategory {
  return value !== null && (CONTENT_CATEGORIES as readonly string[]).includes(value);
}

export function isArticleCategory(value: string | null): value is ArticleCategory {
  return value !== null && (ARTICLE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The sort select: the spec's option names as they appear in the URL (?sort=price-low), each
 * mapped to the API's VideoSort value.
 */
export const VIDEO_SORTS = everyValueOf<VideoSort>()({
  newest: 'NEWEST',
  'price-low': 'PRICE_LOW',
  'price-high': 'PRICE_HIGH',
  'duration-short': 'DURATION_SHORT',
  'duration-long': 'DURATION_LONG',
  'a-z': 'A_Z',
  'z-a': 'Z_A',
});

export type VideoSortOption = keyof typeof VIDEO_SORTS;
export const DEFAULT_VIDEO_SORT: VideoSortOption = 'newest';

export function isVideoSortOption(value: string | null): value is VideoSortOption {
  return value !== null && Object.hasOwn(VIDEO_SORTS, value);
}

/** Page size of every catalogue list (the API's default, stated so the cache key is explicit). */
export const PAGE_SIZE = 12;

/** ?page=N, from 1; anything else is page 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
}
