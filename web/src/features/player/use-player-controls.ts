import { useEffect, useState, type RefObject } from 'react';

/** How far the arrows and the ±10 s buttons move. */
export const STEP_SECONDS = 10;

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export interface PlayerActions {
  togglePlay(): void;
  seekBy(delta: number): void;
  seekTo(seconds: number): void;
  toggleMute(): void;
  toggleFullscreen(): void;
}

/** What the control bar does to the video element and its frame. */
export function usePlayerActions(videoRef: RefObject<HTMLVideoElement | null>, frameRef: RefObject<HTMLDivElement | null>, duration: number): PlayerActions {
  const video = () => videoRef.current;
  return {
    togglePlay() {
      const v = video();
      if (!v) return;
      if (v.paused || v.ended) void v.play().catch(() => undefined);
      else v.pause();
    },
    seekBy(delta) {
      const v = video();
      if (!v) return;
      const end = duration || v.duration || 0;
      v.currentTime = Math.max(0, Math.min(end > 0 ? end - 0.1 : Infinity, v.currentTime + delta));
    },
    seekTo(seconds) {
      const v = video();
      if (v) v.currentTime = seconds;
    },
    toggleMute() {
      const v = video();
      if (v) v.muted = !v.muted;
    },
    toggleFullscreen() {
      const frame = frameRef.current;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else if (frame?.requestFullscreen) void frame.requestFullscreen().catch(() => undefined);
      // iPhones have no element fullscreen: the video's own fullscreen then.
      else (video() as WebkitVideo | null)?.webkitEnterFullscreen?.();
    },
  };
}

/** Whether the video is muted and the frame fullscreen, as the browser says (keys and its own controls included). */
export function useMutedAndFullscreen(videoRef: RefObject<HTMLVideoElement | null>, frameRef: RefObject<HTMLDivElement | null>) {
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

  return { muted, fullscreen };
}

/**
 * Shortcuts while focus is in the player: Space or K plays and pauses, the arrows move by 10 s, M
 * mutes, F goes fullscreen; a focused button or the slider keeps its own keys. Bound again on every
 * render, so the keys always act with the latest duration.
 */
export function usePlayerShortcuts(frameRef: RefObject<HTMLDivElement | null>, disabled: boolean, actions: PlayerActions) {
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (disabled || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      const onControl = target.closest('button, input, a') !== null;
      const key = event.key.toLowerCase();
      if ((key === ' ' && !onControl) || key === 'k') actions.togglePlay();
      else if (key === 'arrowleft' && target.tagName !== 'INPUT') actions.seekBy(-STEP_SECONDS);
      else if (key === 'arrowright' && target.tagName !== 'INPUT') actions.seekBy(STEP_SECONDS);
      else if (key === 'm') actions.toggleMute();
      else if (key === 'f') actions.toggleFullscreen();
      else return;
      event.preventDefault();
    };
    frame.addEventListener('keydown', onKey);
    return () => frame.removeEventListener('keydown', onKey);
  });
}
