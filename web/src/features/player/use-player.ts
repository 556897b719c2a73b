import type { ApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { currentAccessToken } from '@/apollo/session';
import { useApolloClient } from '@/data/hooks';
import { fetchFirstPieces } from './first-pieces';
import { HlsPlayback } from './hls-playback';
import { useLessonDataMeter, type LessonDataMeter } from './lesson-data-meter';
import type { PlaybackSession } from './operations';
import { PlayClock, shouldSave } from './play-clock';
import { countView, keyAccessToken, requestSession, saveProgress, saveProgressOnLeave } from './playback-api';

/** Seconds of actual playback after which a view counts (the server dedups per viewer and day). */
const VIEW_AFTER_SECONDS = 10;

export type Phase =
  | { kind: 'starting' }
  | { kind: 'ready'; session: PlaybackSession }
  /** The server refused a session: NOT_READY (being prepared), NO_PREVIEW, or anything else. */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'error' }
  | { kind: 'unsupported' };

export type MediaState = 'loading' | 'playing' | 'paused' | 'ended';

/** Resume and view counting: kept in refs, they change several times a second. */
interface Progress {
  started: RefObject<boolean>;
  lastSave: RefObject<{ at: number; position: number } | null>;
  clock: RefObject<PlayClock>;
  viewCounted: RefObject<boolean>;
  /** A preview's place is nobody's to keep (the server saves only a buyer's): nothing is sent for it. */
  previewOnly: RefObject<boolean>;
  save(how: 'now' | 'leave'): void;
}

function useProgress(client: ApolloClient, videoId: string, videoRef: RefObject<HTMLVideoElement | null>): Progress {
  const started = useRef(false);
  const lastSave = useRef<{ at: number; position: number } | null>(null);
  const clock = useRef(new PlayClock());
  const viewCounted = useRef(false);
  const previewOnly = useRef(false);
  const save = useCallback(
    (how: 'now' | 'leave') => {
      const video = videoRef.current;
      // Before the first frame currentTime is still 0, not the viewer's place: saving it would lose it.
      if (!video || !started.current || previewOnly.current) return;
      const position = video.currentTime;
      // The same place saved already (a pause right after the periodic save still saves its exact spot).
      if (lastSave.current && Math.abs(lastSave.current.position - position) < 0.1) return;
      lastSave.current = { at: Date.now(), position };
      if (how === 'leave') saveProgressOnLeave(videoId, position);
      else void saveProgress(client, videoId, position).catch(() => undefined);
    },
    [client, videoId, videoRef],
  );
  return { started, lastSave, clock, viewCounted, previewOnly, save };
}

/** Leaving the page (or the app, on a phone) saves the place and reports the lesson data with requests that outlive it. */
function useSaveOnLeave(save: Progress['save'], meter: LessonDataMeter): void {
  useEffect(() => {
    const onHide = () => {
      save('leave');
      meter.flush('leave');
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save, meter]);
}

interface SessionParts {
  client: ApolloClient;
  videoId: string;
  purchased: boolean;
  video: HTMLVideoElement;
  /** Read when the session's answer arrives (the viewer may have switched them meanwhile, or pressed play). */
  options: RefObject<{ dataSaver: boolean; audioOnly: boolean; started: boolean }>;
  progress: Progress;
  meter: LessonDataMeter;
  playbackRef: RefObject<HlsPlayback | null>;
  setPhase: Dispatch<SetStateAction<Phase>>;
  setMedia: Dispatch<SetStateAction<MediaState>>;
  setLevels: Dispatch<SetStateAction<number[]>>;
  setTime: Dispatch<SetStateAction<{ current: number; duration: number }>>;
}

/** One playback session: asks the server, starts hls.js on its answer; returns how to end it. */
function openSession({ client, videoId, purchased, video, options, progress, meter, playbackRef, setPhase, setMedia, setLevels, setTime }: SessionParts): () => void {
  let cancelled = false;
  progress.started.current = false;
  progress.lastSave.current = null;
  progress.clock.current = new PlayClock();
  setPhase({ kind: 'starting' });
  setMedia('loading');
  setLevels([]);
  requestSession(client, videoId, purchased)
    .then((outcome) => {
      if (cancelled) return;
      if (outcome.kind === 'refused') {
        setPhase(outcome);
        return;
      }
      if (!HlsPlayback.isSupported()) {
        setPhase({ kind: 'unsupported' });
        return;
      }
      const { session } = outcome;
      progress.previewOnly.current = session.mode === 'PREVIEW';
      const { started, ...choices } = options.current;
      // The first frame's files at once (already asked for when the page took the session early).
      fetchFirstPieces(session, currentAccessToken(), choices.audioOnly);
      const playback = new HlsPlayback({
        video,
        session,
        ...choices,
        renewSession: async () => {
          const next = await requestSession(client, videoId);
          if (next.kind === 'refused') throw new Error(next.code);
          return next.session;
        },
        accessToken: keyAccessToken,
        onMediaBytes: meter.add,
        onFirstPieceBytes: meter.addFirstPiece,
        onLevel: (level) => setLevels((seen) => [...seen, level]),
        onSession: (next) => {
          progress.previewOnly.current = next.mode === 'PREVIEW';
          setPhase({ kind: 'ready', session: next });
        },
        onFatal: () => {
          if (!cancelled) setPhase({ kind: 'error' });
        },
      });
      playbackRef.current = playback;
      setTime({ current: session.resumeAtSeconds ?? 0, duration: session.durationSeconds ?? 0 });
      // Not pressed yet: the first segment only, so that the press plays at once.
      playback.start(session.resumeAtSeconds ?? 0, started);
      setPhase({ kind: 'ready', session });
    })
    .catch(() => {
      if (!cancelled) setPhase({ kind: 'error' });
    });
  return () => {
    cancelled = true;
    progress.save('now');
    playbackRef.current?.destroy();
    meter.flush('now');
    playbackRef.current = null;
  };
}

/**
 * The player's state: one playback session per attempt (the retry button and a purchase make a new
 * one), the media's state and time, the levels hls.js switched to, resume and view counting.
 * `started` false: the page shows the player before the press; the session and the first segment
 * are fetched then, and turning it true plays.
 */
export function usePlayer({
  videoId,
  purchased,
  dataSaver,
  audioOnly,
  started,
}: {
  videoId: string;
  purchased: boolean;
  dataSaver: boolean;
  audioOnly: boolean;
  started: boolean;
}) {
  const client = useApolloClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const playbackRef = useRef<HlsPlayback | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [media, setMedia] = useState<MediaState>('loading');
  const [buffering, setBuffering] = useState(false);
  const [levels, setLevels] = useState<number[]>([]);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  // The hls controller reads the options when it starts; later changes go through its setters.
  const options = useRef({ dataSaver, audioOnly, started });
  options.current = { dataSaver, audioOnly, started };
  const progress = useProgress(client, videoId, videoRef);
  const { save } = progress;
  const meter = useLessonDataMeter(client, videoId);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    return openSession({ client, videoId, purchased, video, options, progress, meter, playbackRef, setPhase, setMedia, setLevels, setTime });
    // `purchased` starts a new session (FULL after a purchase); options do not.
  }, [client, videoId, attempt, purchased, save, meter]);

  useEffect(() => {
    if (started) playbackRef.current?.play();
  }, [started]);
  useEffect(() => playbackRef.current?.setDataSaver(dataSaver), [dataSaver]);
  useEffect(() => playbackRef.current?.setAudioOnly(audioOnly), [audioOnly]);
  useSaveOnLeave(save, meter);

  const session = phase.kind === 'ready' ? phase.session : null;
  const retry = () => setAttempt((n) => n + 1);
  const videoEvents = videoEventHandlers({ client, videoId, videoRef, progress, meter, session, setMedia, setBuffering, setTime });
  return { videoRef, phase, media, buffering, levels, time, session, retry, videoEvents };
}

/** The <video>'s event handlers: the media's state, the time shown, periodic saves and the view count. */
function videoEventHandlers({
  client,
  videoId,
  videoRef,
  progress,
  meter,
  session,
  setMedia,
  setBuffering,
  setTime,
}: Pick<SessionParts, 'client' | 'videoId' | 'progress' | 'meter' | 'setMedia' | 'setTime'> & {
  videoRef: RefObject<HTMLVideoElement | null>;
  session: PlaybackSession | null;
  setBuffering: Dispatch<SetStateAction<boolean>>;
}) {
  const { started, lastSave, clock, viewCounted, save } = progress;
  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (session?.durationSeconds ?? 0);
    setTime({ current: video.currentTime, duration });
    if (video.paused || video.seeking) return;
    clock.current.tick(video.currentTime);
    if (shouldSave(lastSave.current, Date.now(), video.currentTime)) save('now');
    if (!viewCounted.current && clock.current.played >= VIEW_AFTER_SECONDS) {
      viewCounted.current = true;
      void countView(client, videoId).then((answered) => {
        if (!answered) viewCounted.current = false;
      });
    }
  };
  return {
    onClick: () => {
      const video = videoRef.current;
      if (video) void (video.paused ? video.play().catch(() => undefined) : video.pause());
    },
    onPlaying: () => {
      started.current = true;
      setBuffering(false);
      setMedia('playing');
    },
    onPause: () => {
      clock.current.pause();
      setMedia((m) => (m === 'ended' ? m : 'paused'));
      save('now');
      meter.flush('now');
    },
    onWaiting: () => {
      clock.current.pause();
      setBuffering(true);
    },
    onSeeking: () => clock.current.pause(),
    onEnded: () => {
      setMedia('ended');
      save('now');
      meter.flush('now');
    },
    onCanPlay: () => setMedia((m) => (m === 'loading' ? 'paused' : m)),
    onTimeUpdate,
    onDurationChange: onTimeUpdate,
  };
}
