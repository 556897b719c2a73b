import { currentAccessToken, getSessionState, subscribeSession } from '@/apollo/session';
import { ROUTES, patternRegExp } from '@/app/route-manifest';
import { postOperation } from '@/data/post-operation';
import type { StartPlaybackMutation } from '@/generated/graphql';
import { readAudioOnly } from './data-saver';
import { fetchFirstPieces } from './first-pieces';
import { LESSON_ROUTES } from './lesson-routes';
import START_PLAYBACK from './graphql/start-playback.mutation.graphql';

/** startPlayback's answer as the player reads it. */
export type PlaybackAnswer = StartPlaybackMutation['startPlayback'];

/** An early answer older than this is left (its signed URLs stay good for longer; a page left open is another visit). */
const EARLY_ANSWER_TTL_MS = 60_000;

/** The last early ask; `taken` once the player has it (asking again for the same video then is not early any more). */
let early: { videoId: string; at: number; answer: Promise<PlaybackAnswer | null>; taken: boolean } | null = null;

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
 * lesson's page opens, not once the app and the player's code have come: over plain HTTP, from the
 * page's start-up module as soon as the session is known (startPlaybackForPage, main.tsx), or from
 * the page itself after a navigation in the app. The files of its first frame follow at once
 * (first-pieces.ts). The player takes the answer (takeEarlyPlayback) instead of asking again.
 * Visitors are left out: a session is one of their few previews, asked on the press.
 */
export function startPlaybackEarly(videoId: string): void {
  // Asked already for this page (main.tsx, then the page's own effect; or the player took it
  // before the page's effect ran): once.
  if (early && early.videoId === videoId && Date.now() - early.at < EARLY_ANSWER_TTL_MS) return;
  const answer = sessionSettled()
    .then(async () => {
      if (!currentAccessToken()) return null;
      const { data } = await postOperation(START_PLAYBACK, { videoId, visitorId: null });
      const session = data?.startPlayback.session;
      // The first frame's files at once, whether or not the player's code has come yet.
      if (session) fetchFirstPieces(session, currentAccessToken(), readAudioOnly());
      return data?.startPlayback ?? null;
    })
    .catch(() => null);
  early = { videoId, at: Date.now(), answer, taken: false };
}

/** A lesson's page (the manifest's video routes): its video's id. */
const VIDEO_PAGES = LESSON_ROUTES.map((route) => patternRegExp(ROUTES[route].path));

/** For the page being opened, when it is a lesson's page: its playback session, early (main.tsx). */
export function startPlaybackForPage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '');
  if (VIDEO_PAGES.some((page) => page.test(path))) startPlaybackEarly(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
}

/** The early answer for this video, once (null: none, another video's, too old, or it failed). */
export function takeEarlyPlayback(videoId: string): Promise<PlaybackAnswer | null> | null {
  if (!early || early.taken || early.videoId !== videoId || Date.now() - early.at >= EARLY_ANSWER_TTL_MS) return null;
  early.taken = true;
  return early.answer;
}
