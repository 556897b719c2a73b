import { gql, type TypedDocumentNode } from '@apollo/client';
import type { VideoDetailPageQuery, VideoDetailPageQueryVariables } from '@/generated/graphql';
import { VIDEO_CARD_FRAGMENT } from '../components/video-card';

export type VideoDetail = NonNullable<VideoDetailPageQuery['video']>;
export type SimilarVideo = VideoDetail['similarVideos'][number];

/** The card's fields (one cached Video whichever list or page fetched it) and the page's own. */
export const VIDEO_DETAIL_QUERY: TypedDocumentNode<VideoDetailPageQuery, VideoDetailPageQueryVariables> = gql`
  query VideoDetailPage($id: ID!) {
    video(id: $id) {
      ...VideoCard_video
      learnItems
      author
      reviewer
      contentUpdatedOn
      purchased
      hasPreview
      renditions {
        name
        height
        megabytes
        bytes
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
  ${VIDEO_CARD_FRAGMENT}
`;
