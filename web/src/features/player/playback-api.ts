import type { DocumentNode } from 'graphql';
import type { ApolloClient } from '@apollo/client';
import { currentAccessToken, getSessionState, refreshSession } from '@/apollo/session';
import { visitorId } from '@/lib/visitor-id';
import { registeredRequest } from '@/data/registered-request';
import { takeEarlyPlayback, type PlaybackAnswer } from './early-session';
import { type PlaybackSession } from './operations';
import COUNT_VIDEO_VIEW from './graphql/count-video-view.mutation.graphql';
import RECORD_LESSON_DATA from './graphql/record-lesson-data.mutation.graphql';
import SAVE_WATCH_PROGRESS from './graphql/save-watch-progress.mutation.graphql';
import START_PLAYBACK from './graphql/start-playback.mutation.graphql';

export type SessionOutcome =
  | { kind: 'session'; session: PlaybackSession }
  | { kind: 'refused'; code: string; message: string };

/** The entitlement arrives by event a moment after a purchase: how long a buyer waits for FULL. */
const ENTITLEMENT_WAIT_MS = 15_000;

/**
 * Who plays when nobody is signed in: the anonymous id this browser keeps (the one its page visits
 * carry). The server reads it only without a signed-in viewer, and then gives the preview alone.
 */
function playbackVisitorId(): string | null {
  return currentAccessToken() ? null : visitorId();
}

/**
 * startPlayback. `expectFull`: the page knows the viewer just bought the video; while the
 * catalogue still answers PREVIEW, ask again for a few seconds.
 */
export async function requestSession(client: ApolloClient, videoId: string, expectFull = false): Promise<SessionOutcome> {
  const deadline = Date.now() + ENTITLEMENT_WAIT_MS;
  // The page may have asked already, as it opened (early-session.ts).
  let early = takeEarlyPlayback(videoId);
  for (let delay = 250; ; delay = Math.min(delay * 2, 2_000)) {
    const result = (early && (await early)) || (await askSession(client, videoId));
    early = null;
    if (result?.error) return { kind: 'refused', code: result.error.code, message: result.error.message };
    if (!result?.session) throw new Error('startPlayback answered nothing');
    if (!expectFull || result.session.mode === 'FULL' || Date.now() > deadline) return { kind: 'session', session: result.session };
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function askSession(client: ApolloClient, videoId: string): Promise<PlaybackAnswer | null> {
  const { data } = await client.mutate({ mutation: START_PLAYBACK, variables: { videoId, visitorId: playbackVisitorId() }, fetchPolicy: 'no-cache' });
  return data?.startPlayback ?? null;
}

/** The access token for the key request, refreshed first when it expires within 15 s (or `force`). */
export async function keyAccessToken(force: boolean): Promise<string | null> {
  const session = getSessionState().session;
  if (force || !session || session.expiresAt - Date.now() < 15_000) await refreshSession();
  return currentAccessToken();
}

/** Saves the position and keeps the cached video's watchProgress (the dashboard's bar) in step. */
export async function saveProgress(client: ApolloClient, videoId: string, positionSeconds: number): Promise<void> {
  const { data } = await client.mutate({ mutation: SAVE_WATCH_PROGRESS, variables: { videoId, positionSeconds }, fetchPolicy: 'no-cache' });
  const progress = data?.saveWatchProgress.progress;
  const id = client.cache.identify({ __typename: 'Video', id: videoId });
  if (progress && id) client.cache.modify({ id, fields: { watchProgress: () => ({ __typename: 'WatchProgress', ...progress }) } });
}

/**
 * The page is going away (tab closed, app switched): a request that outlives it. sendBeacon cannot
 * carry the Authorization header, fetch with keepalive can.
 */
function sendOnLeave(document: DocumentNode, variables: Record<string, unknown>): void {
  const token = currentAccessToken();
  if (!token) return;
  // The registered document by its hash (issue 24): a page going away sends no second try.
  void registeredRequest(document, variables)
    .then((body) =>
      fetch('/graphql', {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    )
    .catch(() => undefined);
}

export function saveProgressOnLeave(videoId: string, positionSeconds: number): void {
  sendOnLeave(SAVE_WATCH_PROGRESS, { videoId, positionSeconds });
}

/** Only a signed-in viewer's lesson data is kept (theirs, per month); a visitor's is nobody's. */
export const canRecordLessonData = (): boolean => currentAccessToken() !== null;

/** Adds what the player downloaded to the viewer's month; false when it did not reach the server (report it again later). */
export async function recordLessonData(client: ApolloClient, videoId: string, bytes: number): Promise<boolean> {
  try {
    const { data } = await client.mutate({ mutation: RECORD_LESSON_DATA, variables: { videoId, bytes, offline: false }, fetchPolicy: 'no-cache' });
    // A refusal (a deleted video) will not change by asking again: the bytes are dropped then.
    return Boolean(data?.recordLessonData);
  } catch {
    return false;
  }
}

export function recordLessonDataOnLeave(videoId: string, bytes: number): void {
  sendOnLeave(RECORD_LESSON_DATA, { videoId, bytes, offline: false });
}

/** True when the server answered (counted or not: it dedups per day); false to try again later. */
export async function countView(client: ApolloClient, videoId: string): Promise<boolean> {
  try {
    const { data } = await client.mutate({ mutation: COUNT_VIDEO_VIEW, variables: { videoId, visitorId: playbackVisitorId() }, fetchPolicy: 'no-cache' });
    return Boolean(data?.countVideoView);
  } catch {
    return false;
  }
}
