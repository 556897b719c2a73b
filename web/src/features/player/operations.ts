import type { StartPlaybackMutation } from '@/generated/graphql';

export type PlaybackSession = NonNullable<StartPlaybackMutation['startPlayback']['session']>;

