import type { PdfDetailPageQuery, VideoPreviewQuery } from '@/generated/graphql';

export type VideoPreview = NonNullable<VideoPreviewQuery['video']>;
export type PdfDetail = NonNullable<PdfDetailPageQuery['pdf']>;
