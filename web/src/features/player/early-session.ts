import type { ApolloClient } from '@apollo/client';
import { currentAccessToken, getSessionState, subscribeSession } from '@/apollo/session';
import type { StartPlaybackMutation } from '@/generated/graphql';
import { readAudioOnly } from './data-saver';
import { fetchFirstPieces } from './first-pieces';
import { START_PLAYBACK } from './operations';

/** startPlayback's answer as the player reads it. */
export type PlaybackAnswer = StartPlaybackMutation['startPlayback'];

/** An early answer older than this is left (its signed URLs stay good for longer; a page left open is another visit). */
const EARLY_ANSWER_TTL_MS = 60_000;

let early: { videoId: string; at: number; answer: Promise<PlaybackAnswer | null> } | null = null;

/** Resolves once the app's first refresh has said who is signed in. */
function sessionSettled(): Promise<void> {
  if (getSessionState().status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (getSessionState().status !== 'ready') return;
      stop();
      resolve();
    });
  });
}

/**
 * Instant start (issue 25 point 1): a signed-in viewer's playback session is asked for as the
 * lesson's page opens, beside the video's data and the player's code, not once the player's code has
 * come: one round trip less before the first segment. The player takes it (takeEarlyPlayback) instead
 * of asking again, and so are the files of its first frame (first-pieces.ts). Visitors are left
 * out: a session is one of their few previews, asked on the press.
 */
export function startPlaybackEarly(client: ApolloClient, videoId: string): void {
  const answer = sessionSettled()
    .then(async () => {
      if (!currentAccessToken()) return null;
      const { data } = await client.mutate({ mutation: START_PLAYBACK, variables: { videoId, visitorId: null }, fetchPolicy: 'no-cache' });
      const session = data?.startPlayback.session;
      // The first frame's files at once, whether or not the player's code has come yet.
      if (session) fetchFirstPieces(session, currentAccessToken(), readAudioOnly());
      return data?.startPlayback ?? null;
    })
    .catch(() => null);
  early = { videoId, at: Date.now(), answer };
}

/** The early answer for this video, once (null: none, another video's, too old, or it failed). */
export function takeEarlyPlayback(videoId: string): Promise<PlaybackAnswer | null> | null {
  const taken = early;
  early = null;
  return taken && taken.videoId === videoId && Date.now() - taken.at < EARLY_ANSWER_TTL_MS ? taken.answer : null;
}
