import { gql, type TypedDocumentNode } from '@apollo/client';
import type { VideosPageQuery, VideosPageQueryVariables } from '@/generated/graphql';
import { VIDEO_CARD_FRAGMENT } from '../components/video-card';

/** A category tile: its id, label and number of videos. */
export type VideoCategory = VideosPageQuery['videoCategories'][number];

export const VIDEOS_PAGE_QUERY: TypedDocumentNode<VideosPageQuery, VideosPageQueryVariables> = gql`
  query VideosPage($filter: VideoFilter, $sort: VideoSort, $page: Int, $pageSize: Int) {
    videos(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) {
      items {
        ...VideoCard_video
      }
      total
      page
      pageSize
      totalPages
    }
    videoCategories {
      id
      label
      count
    }
  }
  ${VIDEO_CARD_FRAGMENT}
`;
