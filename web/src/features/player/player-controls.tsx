import { Maximize, Minimize, Pause, Play, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { playerText as t } from '@/i18n/player';
import { clockTime, positionText } from './format';

const STEP_SECONDS = 10;

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

function ControlButton({ label, onClick, children, pressed, disabled, testId }: { label: string; onClick(): void; children: ReactNode; pressed?: boolean; disabled?: boolean; testId: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className="grid size-10 shrink-0 place-items-center rounded-md text-white transition-colors hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white disabled:opacity-40 [&_svg]:size-5"
    >
      {children}
    </button>
  );
}

/**
 * Play/pause, 10 s back and forward, position, mute and fullscreen, with French labels, all
 * reachable with Tab; inside the player, Space or K plays and pauses, the arrows move by 10 s,
 * M mutes and F goes fullscreen. The slider says where the viewer is ('1 min 20 s sur 10 min').
 */
export function PlayerControls({
  videoRef,
  frameRef,
  disabled,
  playing,
  current,
  duration,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  frameRef: RefObject<HTMLDivElement | null>;
  disabled: boolean;
  playing: boolean;
  current: number;
  duration: number;
}) {
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current && frameRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frameRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onVolume = () => setMuted(video.muted);
    video.addEventListener('volumechange', onVolume);
    return () => video.removeEventListener('volumechange', onVolume);
  }, [videoRef]);

  const video = () => videoRef.current;
  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (v.paused || v.ended) void v.play().catch(() => undefined);
    else v.pause();
  };
  const seekBy = (delta: number) => {
    const v = video();
    if (!v) return;
    const end = duration || v.duration || 0;
    v.currentTime = Math.max(0, Math.min(end > 0 ? end - 0.1 : Infinity, v.currentTime + delta));
  };
  const toggleMute = () => {
    const v = video();
    if (v) v.muted = !v.muted;
  };
  const toggleFullscreen = () => {
    const frame = frameRef.current;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else if (frame?.requestFullscreen) void frame.requestFullscreen().catch(() => undefined);
    // iPhones have no element fullscreen: the video's own fullscreen then.
    else (video() as WebkitVideo | null)?.webkitEnterFullscreen?.();
  };

  // Shortcuts while focus is in the player; a focused button or the slider keeps its own keys.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (disabled || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      const onControl = target.closest('button, input, a') !== null;
      const key = event.key.toLowerCase();
      if ((key === ' ' && !onControl) || key === 'k') togglePlay();
      else if (key === 'arrowleft' && target.tagName !== 'INPUT') seekBy(-STEP_SECONDS);
      else if (key === 'arrowright' && target.tagName !== 'INPUT') seekBy(STEP_SECONDS);
      else if (key === 'm') toggleMute();
      else if (key === 'f') toggleFullscreen();
      else return;
      event.preventDefault();
    };
    frame.addEventListener('keydown', onKey);
    return () => frame.removeEventListener('keydown', onKey);
  });

  const max = Math.max(duration, current, 0);
  return (
    <div className="flex flex-col gap-1 bg-neutral-900 px-2 pt-2 pb-1 sm:px-3" data-testid="player-controls">
      <input
        type="range"
        min={0}
        max={max || 1}
        step={1}
        value={Math.min(current, max)}
        disabled={disabled || !max}
        aria-label={t.position}
        aria-valuetext={positionText(current, max)}
        onChange={(event) => {
          const v = video();
          if (v) v.currentTime = Number(event.target.value);
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          // Arrows move by 10 s here too, rather than the range's one-second step.
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
            event.preventDefault();
            seekBy(event.key === 'ArrowLeft' ? -STEP_SECONDS : STEP_SECONDS);
          }
        }}
        className="h-2 w-full cursor-pointer accent-primary disabled:cursor-default"
        data-testid="player-slider"
      />
      <div className="flex items-center gap-0.5">
        <ControlButton label={playing ? t.pause : t.play} onClick={togglePlay} disabled={disabled} testId="player-play">
          {playing ? <Pause className="fill-current" aria-hidden="true" /> : <Play className="fill-current" aria-hidden="true" />}
        </ControlButton>
        <ControlButton label={t.back10} onClick={() => seekBy(-STEP_SECONDS)} disabled={disabled} testId="player-back">
          <RotateCcw aria-hidden="true" />
        </ControlButton>
        <ControlButton label={t.forward10} onClick={() => seekBy(STEP_SECONDS)} disabled={disabled} testId="player-forward">
          <RotateCw aria-hidden="true" />
        </ControlButton>
        <p className="ml-1 text-xs text-white/85 tabular-nums sm:text-sm" aria-hidden="true" data-testid="player-time">
          {clockTime(current)} / {clockTime(max)}
        </p>
        <span className="flex-1" />
        <ControlButton label={t.mute} pressed={muted} onClick={toggleMute} disabled={disabled} testId="player-mute">
          {muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
        </ControlButton>
        <ControlButton label={fullscreen ? t.exitFullscreen : t.fullscreen} onClick={toggleFullscreen} disabled={disabled} testId="player-fullscreen">
          {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        </ControlButton>
      </div>
    </div>
  );
}
