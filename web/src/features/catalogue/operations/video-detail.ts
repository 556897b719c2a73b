import { gql, type TypedDocumentNode } from '@apollo/client';
import type { VideoDetailPageQuery, VideoDetailPageQueryVariables } from '@/generated/graphql';

export type VideoDetail = NonNullable<VideoDetailPageQuery['video']>;
export type SimilarVideo = VideoDetail['similarVideos'][number];

export const VIDEO_DETAIL_QUERY: TypedDocumentNode<VideoDetailPageQuery, VideoDetailPageQueryVariables> = gql`
  query VideoDetailPage($id: ID!) {
    video(id: $id) {
      id
      title
      description
      category
      categoryLabel
      priceCents
      durationSeconds
      thumbnailUrl
      learnItems
      purchased
      hasPreview
      renditions {
        name
        height
        megabytes
      }
      presenter {
        name
        title
        photoUrl
      }
      similarVideos(limit: 3) {
        id
        title
        priceCents
        durationSeconds
        thumbnailUrl
      }
    }
  }
`;
