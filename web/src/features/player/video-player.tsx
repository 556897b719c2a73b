import { Headphones } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { playerText as t } from '@/i18n/player';
import { PlayerControls } from './player-controls';
import { PlayerOverlay } from './player-overlay';
import { usePlayer } from './use-player';

export type { MediaState } from './use-player';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  posterUrl: string | null;
  /** The page's knowledge: true right after a purchase, so a PREVIEW answer is asked again. */
  purchased: boolean;
  dataSaver: boolean;
  audioOnly: boolean;
  /** False while the page shows the player before the press (it fetches the first frame then); true plays. Default true. */
  started?: boolean;
  /** What to offer over the player when a preview ended, or when there is none (the purchase). */
  purchaseOffer(reason: { kind: 'preview-ended'; replay(): void } | { kind: 'no-preview'; message: string }): ReactNode;
}

/**
 * The site's video player: hls.js (in this lazily loaded chunk only), custom French controls,
 * resume, view counting, data saver and audio only. The element carries what tests read:
 * data-state, data-mode, data-level (hls.js's current level) and data-levels (every level it
 * switched to, in order).
 */
export default function VideoPlayer({ videoId, title, posterUrl, purchased, dataSaver, audioOnly, started = true, purchaseOffer }: VideoPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const { videoRef, phase, media, buffering, levels, time, session, retry, videoEvents } = usePlayer({ videoId, purchased, dataSaver, audioOnly, started });
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
            {...videoEvents}
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
          <PlayerOverlay phase={phase} media={media} buffering={buffering} current={time.current} previewEnded={previewEnded} videoRef={videoRef} retry={retry} />
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
