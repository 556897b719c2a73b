import { useApolloClient } from '@/data/hooks';
import { Headphones, LoaderCircle, Play, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { playerText as t } from '@/i18n/player';
import { HlsPlayback } from './hls-playback';
import type { PlaybackSession } from './operations';
import { PlayClock, shouldSave } from './play-clock';
import { countView, keyAccessToken, requestSession, saveProgress, saveProgressOnLeave } from './playback-api';
import { PlayerControls } from './player-controls';

/** Seconds of actual playback after which a view counts (the server dedups per viewer and day). */
const VIEW_AFTER_SECONDS = 10;

type Phase =
  | { kind: 'starting' }
  | { kind: 'ready'; session: PlaybackSession }
  /** The server refused a session: NOT_READY (being prepared), NO_PREVIEW, or anything else. */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'error' }
  | { kind: 'unsupported' };

export type MediaState = 'loading' | 'playing' | 'paused' | 'ended';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  posterUrl: string | null;
  /** The page's knowledge: true right after a purchase, so a PREVIEW answer is asked again. */
  purchased: boolean;
  dataSaver: boolean;
  audioOnly: boolean;
  /** What to offer over the player when a preview ended, or when there is none (the purchase). */
  purchaseOffer(reason: { kind: 'preview-ended'; replay(): void } | { kind: 'no-preview'; message: string }): ReactNode;
}

/**
 * The site's video player: hls.js (in this lazily loaded chunk only), custom French controls,
 * resume, view counting, data saver and audio only. The element carries what tests read:
 * data-state, data-mode, data-level (hls.js's current level) and data-levels (every level it
 * switched to, in order).
 */
export default function VideoPlayer({ videoId, title, posterUrl, purchased, dataSaver, audioOnly, purchaseOffer }: VideoPlayerProps) {
  const client = useApolloClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const playbackRef = useRef<HlsPlayback | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [media, setMedia] = useState<MediaState>('loading');
  const [buffering, setBuffering] = useState(false);
  const [levels, setLevels] = useState<number[]>([]);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  // The hls controller reads the options when it starts; later changes go through its setters.
  const options = useRef({ dataSaver, audioOnly });
  options.current = { dataSaver, audioOnly };

  // Resume and view counting: kept in refs, they change several times a second.
  const started = useRef(false);
  const lastSave = useRef<{ at: number; position: number } | null>(null);
  const clock = useRef(new PlayClock());
  const viewCounted = useRef(false);
  // A preview's place is nobody's to keep (the server saves only a buyer's): nothing is sent for it.
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
    [client, videoId],
  );

  // One playback session per attempt (the retry button and a purchase make a new one).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    started.current = false;
    lastSave.current = null;
    clock.current = new PlayClock();
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
        previewOnly.current = session.mode === 'PREVIEW';
        const playback = new HlsPlayback({
          video,
          session,
          ...options.current,
          renewSession: async () => {
            const next = await requestSession(client, videoId);
            if (next.kind === 'refused') throw new Error(next.code);
            return next.session;
          },
          accessToken: keyAccessToken,
          onLevel: (level) => setLevels((seen) => [...seen, level]),
          onSession: (next) => {
            previewOnly.current = next.mode === 'PREVIEW';
            setPhase({ kind: 'ready', session: next });
          },
          onFatal: () => {
            if (!cancelled) setPhase({ kind: 'error' });
          },
        });
        playbackRef.current = playback;
        setTime({ current: session.resumeAtSeconds ?? 0, duration: session.durationSeconds ?? 0 });
        playback.start(session.resumeAtSeconds ?? 0, true);
        setPhase({ kind: 'ready', session });
      })
      .catch(() => {
        if (!cancelled) setPhase({ kind: 'error' });
      });
    return () => {
      cancelled = true;
      save('now');
      playbackRef.current?.destroy();
      playbackRef.current = null;
    };
    // `purchased` starts a new session (FULL after a purchase); options do not.
  }, [client, videoId, attempt, purchased, save]);

  useEffect(() => playbackRef.current?.setDataSaver(dataSaver), [dataSaver]);
  useEffect(() => playbackRef.current?.setAudioOnly(audioOnly), [audioOnly]);

  // Leaving the page (or the app, on a phone) saves the place with a request that outlives it.
  useEffect(() => {
    const onHide = () => save('leave');
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save('leave');
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [save]);

  const session = phase.kind === 'ready' ? phase.session : null;
  const retry = () => setAttempt((n) => n + 1);

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

  const state: string =
    phase.kind === 'ready' ? media : phase.kind === 'starting' ? 'loading' : phase.kind === 'refused' ? phase.code.toLowerCase().replace(/_/g, '-') : phase.kind;
  const previewEnded = session?.mode === 'PREVIEW' && media === 'ended';
  // Below the video, not over it: on a phone the frame is too short for the payment buttons.
  const offer = previewEnded
    ? purchaseOffer({
        kind: 'preview-ended',
        replay: () => {
          const video = videoRef.current;
          if (video) {
            video.currentTime = 0;
            void video.play().catch(() => undefined);
          }
        },
      })
    : phase.kind === 'refused' && phase.code === 'NO_PREVIEW'
      ? purchaseOffer({ kind: 'no-preview', message: phase.message })
      : null;
  const overlay = (() => {
    if (phase.kind === 'error' || phase.kind === 'unsupported') {
      return (
        <div role="alert" className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center text-white">
          <div className="flex flex-col items-center gap-3">
            <TriangleAlert className="size-8 text-amber-300" aria-hidden="true" />
            <p className="font-semibold" data-testid="player-error">
              {phase.kind === 'error' ? t.unavailable : t.unsupported}
            </p>
            {phase.kind === 'error' && (
              <Button variant="secondary" onClick={retry} data-testid="player-retry">
                <RefreshCw aria-hidden="true" />
                {t.retry}
              </Button>
            )}
          </div>
        </div>
      );
    }
    if (phase.kind === 'refused') {
      if (phase.code === 'NO_PREVIEW') return <EndCard text={phase.message} />;
      return (
        <div role="alert" className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center text-white">
          <div className="flex max-w-sm flex-col items-center gap-3">
            <TriangleAlert className="size-8 text-amber-300" aria-hidden="true" />
            <p className="font-semibold" data-testid="player-refused">
              {phase.message}
            </p>
            <Button variant="secondary" onClick={retry}>
              <RefreshCw aria-hidden="true" />
              {t.retry}
            </Button>
          </div>
        </div>
      );
    }
    if (previewEnded) return <EndCard text={t.previewEndedTitle} />;
    if (phase.kind === 'starting' || media === 'loading' || buffering) {
      return (
        <div role="status" className="pointer-events-none absolute inset-0 grid place-items-center">
          <LoaderCircle className="size-10 animate-spin text-white drop-shadow" aria-hidden="true" />
          <span className="sr-only">{media === 'loading' ? t.loading : t.buffering}</span>
        </div>
      );
    }
    if (media === 'paused' && time.current < 0.5) {
      return (
        <button
          type="button"
          onClick={() => void videoRef.current?.play().catch(() => undefined)}
          aria-label={t.play}
          className="group absolute inset-0 grid place-items-center bg-black/20 focus-visible:outline-none"
          data-testid="player-big-play"
        >
          <span className="grid size-16 place-items-center rounded-full bg-white/95 text-primary shadow-lg group-focus-visible:ring-4 group-focus-visible:ring-ring">
            <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
          </span>
        </button>
      );
    }
    return null;
  })();

  return (
    <section
      aria-label={`${t.region} : ${title}`}
      className="overflow-hidden rounded-xl border bg-black text-white shadow-sm"
      data-testid="video-player"
      data-state={state}
      data-mode={session?.mode ?? ''}
      data-level={levels.length ? levels[levels.length - 1] : ''}
      data-levels={levels.join(',')}
      data-audio-only={audioOnly ? 'true' : 'false'}
    >
      <div ref={frameRef} className="relative flex flex-col bg-black">
        <div className="relative aspect-video w-full">
          <video
            ref={videoRef}
            className="size-full bg-black"
            playsInline
            preload="none"
            poster={posterUrl ?? undefined}
            controlsList="nodownload"
            disablePictureInPicture
            aria-label={title}
            tabIndex={-1}
            onClick={() => {
              const video = videoRef.current;
              if (video) void (video.paused ? video.play().catch(() => undefined) : video.pause());
            }}
            onPlaying={() => {
              started.current = true;
              setBuffering(false);
              setMedia('playing');
            }}
            onPause={() => {
              clock.current.pause();
              setMedia((m) => (m === 'ended' ? m : 'paused'));
              save('now');
            }}
            onWaiting={() => {
              clock.current.pause();
              setBuffering(true);
            }}
            onSeeking={() => clock.current.pause()}
            onEnded={() => {
              setMedia('ended');
              save('now');
            }}
            onCanPlay={() => setMedia((m) => (m === 'loading' ? 'paused' : m))}
            onTimeUpdate={onTimeUpdate}
            onDurationChange={onTimeUpdate}
            data-testid="player-video"
          />
          {audioOnly && phase.kind === 'ready' && (
            <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/85 p-4 text-center text-sm">
              <Headphones className="size-10" aria-hidden="true" />
              <p>{t.audioOnlyNote}</p>
            </div>
          )}
          {session?.mode === 'PREVIEW' && media !== 'ended' && (
            <span className="pointer-events-none absolute top-3 left-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold">{t.previewBadge}</span>
          )}
          {overlay}
        </div>
        <PlayerControls
          videoRef={videoRef}
          frameRef={frameRef}
          disabled={phase.kind !== 'ready'}
          playing={media === 'playing'}
          current={time.current}
          duration={time.duration}
        />
      </div>
      {offer && (
        <div className="border-t border-white/10 bg-card p-4 text-card-foreground sm:p-5" data-testid="player-offer">
          {offer}
        </div>
      )}
    </section>
  );
}

/** What the frame shows when the preview is over or there is none; the offer is below it. */
function EndCard({ text }: { text: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center bg-black/80 p-4 text-center">
      <p className="max-w-sm text-lg font-semibold" data-testid="player-end-card">
        {text}
      </p>
    </div>
  );
}
