import type { VideoDetailPageQuery } from '@/generated/graphql';

export type VideoDetail = NonNullable<VideoDetailPageQuery['video']>;
export type SimilarVideo = VideoDetail['similarVideos'][number];

