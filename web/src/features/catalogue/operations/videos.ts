import type { VideosPageQuery } from '@/generated/graphql';

/** A category tile: its id, label and number of videos. */
export type VideoCategory = VideosPageQuery['videoCategories'][number];

