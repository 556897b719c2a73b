import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AdminVideoPlaybackQuery,
  AdminVideoPlaybackQueryVariables,
  AdminVideoRowFragment,
  AdminVideoRowQuery,
  AdminVideoRowQueryVariables,
  AdminVideosPageQuery,
  AdminVideosPageQueryVariables,
  CreateVideoMutation,
  CreateVideoMutationVariables,
  DeleteVideoMutation,
  DeleteVideoMutationVariables,
  ExportVideosCsvQuery,
  ExportVideosCsvQueryVariables,
  RetryVideoProcessingMutation,
  RetryVideoProcessingMutationVariables,
  UpdateVideoMutation,
  UpdateVideoMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';
import { DELETE_RESULT_FIELDS } from '../api/catalogue';

export type AdminVideo = AdminVideoRowFragment;

export const PAGE_SIZE = 20;

const ADMIN_VIDEO_ROW = gql`
  fragment AdminVideoRow on Video {
    id
    title
    description
    category
    categoryLabel
    priceCents
    durationSeconds
    viewCount
    downloadCount
    createdAt
    thumbnailUrl
    learnItems
    author
    reviewer
    contentUpdatedOn
    previewSeconds
    presenter {
      name
      title
    }
    processing {
      state
      progress
      error
    }
  }
`;

/** The answer of the video result mutations (VideoResult): the video as a row, or the refusal. */
const ADMIN_VIDEO_RESULT = gql`
  fragment AdminVideoResult on VideoResult {
    video {
      ...AdminVideoRow
    }
    error {
      ...UserErrorFields
    }
  }
  ${ADMIN_VIDEO_ROW}
  ${USER_ERROR_FIELDS}
`;

/** The screen's list: a page of videos, newest first, searched (null: all), and the upload size limits. */
export const ADMIN_VIDEOS_PAGE: TypedDocumentNode<AdminVideosPageQuery, AdminVideosPageQueryVariables> = gql`
  query AdminVideosPage($search: String, $page: Int!, $pageSize: Int!) {
    videos(filter: { search: $search }, sort: NEWEST, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      totalPages
      items {
        ...AdminVideoRow
      }
    }
    uploadLimits {
      videoBytes
      imageBytes
    }
  }
  ${ADMIN_VIDEO_ROW}
`;

/** One video as a row of the list, wherever it is in the list: the one a link asks for (?video=<id>). */
export const ADMIN_VIDEO_ROW_QUERY: TypedDocumentNode<AdminVideoRowQuery, AdminVideoRowQueryVariables> = gql`
  query AdminVideoRow($id: ID!) {
    video(id: $id) {
      ...AdminVideoRow
    }
  }
  ${ADMIN_VIDEO_ROW}
`;

/** Signed and short-lived: asked for at the moment of playing, never cached. */
export const ADMIN_VIDEO_PLAYBACK: TypedDocumentNode<AdminVideoPlaybackQuery, AdminVideoPlaybackQueryVariables> = gql`
  query AdminVideoPlayback($id: ID!) {
    video(id: $id) {
      id
      playbackUrl
    }
  }
`;

export const EXPORT_VIDEOS_CSV: TypedDocumentNode<ExportVideosCsvQuery, ExportVideosCsvQueryVariables> = gql`
  query ExportVideosCsv {
    exportVideosCsv
  }
`;

export const CREATE_VIDEO: TypedDocumentNode<CreateVideoMutation, CreateVideoMutationVariables> = gql`
  mutation CreateVideo($input: CreateVideoInput!) {
    createVideo(input: $input) {
      ...AdminVideoResult
    }
  }
  ${ADMIN_VIDEO_RESULT}
`;

export const UPDATE_VIDEO: TypedDocumentNode<UpdateVideoMutation, UpdateVideoMutationVariables> = gql`
  mutation UpdateVideo($id: ID!, $input: UpdateVideoInput!) {
    updateVideo(id: $id, input: $input) {
      ...AdminVideoResult
    }
  }
  ${ADMIN_VIDEO_RESULT}
`;

export const DELETE_VIDEO: TypedDocumentNode<DeleteVideoMutation, DeleteVideoMutationVariables> = gql`
  mutation DeleteVideo($id: ID!) {
    deleteVideo(id: $id) {
      ...DeleteResultFields
    }
  }
  ${DELETE_RESULT_FIELDS}
`;

/** Runs the streaming pipeline again (a failed video's 'Réessayer'). */
export const RETRY_VIDEO_PROCESSING: TypedDocumentNode<RetryVideoProcessingMutation, RetryVideoProcessingMutationVariables> = gql`
  mutation RetryVideoProcessing($id: ID!) {
    retryVideoProcessing(id: $id) {
      ...AdminVideoResult
    }
  }
  ${ADMIN_VIDEO_RESULT}
`;
