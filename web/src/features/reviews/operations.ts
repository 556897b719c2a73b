import type { ItemReviewsQuery } from '@/generated/graphql';

export type ReviewListItem = NonNullable<ItemReviewsQuery['video']>['reviews']['items'][number];
