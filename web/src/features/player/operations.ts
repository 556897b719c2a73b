import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  CountVideoViewMutation,
  CountVideoViewMutationVariables,
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
