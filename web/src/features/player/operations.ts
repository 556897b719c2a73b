import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CountVideoViewMutation,
  CountVideoViewMutationVariables,
  RecordLessonDataMutation,
  RecordLessonDataMutationVariables,
  SaveWatchProgressMutation,
  SaveWatchProgressMutationVariables,
  StartPlaybackMutation,
  StartPlaybackMutationVariables,
} from '@/generated/graphql';
import { USER_ERROR_FIELDS } from '@/lib/user-error';

export type PlaybackSession = NonNullable<StartPlaybackMutation['startPlayback']['session']>;

export const START_PLAYBACK: TypedDocumentNode<StartPlaybackMutation, StartPlaybackMutationVariables> = gql`
  mutation StartPlayback($videoId: ID!, $visitorId: String) {
    startPlayback(videoId: $videoId, visitorId: $visitorId) {
      session {
        videoId
        mode
        manifestUrl
        audioUrl
        expiresAt
        durationSeconds
        resumeAtSeconds
        renditions {
          name
          height
          bandwidth
          megabytes
        }
      }
      error {
        ...UserErrorFields
      }
    }
  }
  ${USER_ERROR_FIELDS}
`;

export const SAVE_WATCH_PROGRESS: TypedDocumentNode<SaveWatchProgressMutation, SaveWatchProgressMutationVariables> = gql`
  mutation SaveWatchProgress($videoId: ID!, $positionSeconds: Float!) {
    saveWatchProgress(videoId: $videoId, positionSeconds: $positionSeconds) {
      progress {
        positionSeconds
        percent
        completed
        updatedAt
      }
      error {
        code
        message
      }
    }
  }
`;

export const COUNT_VIDEO_VIEW: TypedDocumentNode<CountVideoViewMutation, CountVideoViewMutationVariables> = gql`
  mutation CountVideoView($videoId: ID!, $visitorId: String) {
    countVideoView(videoId: $videoId, visitorId: $visitorId) {
      counted
      viewCount
      error {
        code
        message
      }
    }
  }
`;

/** What the player downloaded for a lesson since its last report (batched: pause, leaving, every minute). */
export const RECORD_LESSON_DATA: TypedDocumentNode<RecordLessonDataMutation, RecordLessonDataMutationVariables> = gql`
  mutation RecordLessonData($videoId: ID!, $bytes: Float!, $offline: Boolean) {
    recordLessonData(videoId: $videoId, bytes: $bytes, offline: $offline) {
      use {
        month
        bytes
        offlineBytes
      }
      error {
        code
        message
      }
    }
  }
`;
