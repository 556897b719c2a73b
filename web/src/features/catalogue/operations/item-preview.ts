import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PdfDetailPageQuery, PdfDetailPageQueryVariables, VideoPreviewQuery, VideoPreviewQueryVariables } from '@/generated/graphql';
import { PDF_CARD_FRAGMENT } from '../components/pdf-card';
import { VIDEO_CARD_FRAGMENT } from '../components/video-card';

/** What a visitor may see of a video before signing in (all public fields): its page, link preview and whether a free preview plays. */
export const VIDEO_PREVIEW_QUERY: TypedDocumentNode<VideoPreviewQuery, VideoPreviewQueryVariables> = gql`
  query VideoPreview($id: ID!) {
    video(id: $id) {
      ...VideoCard_video
      hasPreview
      author
      reviewer
      contentUpdatedOn
      renditions {
        height
        bytes
      }
    }
  }
  ${VIDEO_CARD_FRAGMENT}
`;

/** A guide's page (/pdfs/:id): its card for a signed-in customer, its preview for a visitor. */
export const PDF_DETAIL_QUERY: TypedDocumentNode<PdfDetailPageQuery, PdfDetailPageQueryVariables> = gql`
  query PdfDetailPage($id: ID!) {
    pdf(id: $id) {
      ...PdfCard_pdf
      author
      reviewer
      contentUpdatedOn
    }
  }
  ${PDF_CARD_FRAGMENT}
`;

export type VideoPreview = NonNullable<VideoPreviewQuery['video']>;
export type PdfDetail = NonNullable<PdfDetailPageQuery['pdf']>;
