/*
 * The streaming contract media (which builds and stores the ladders) and playback (which serves
 * them) share, and the Video entity's renditions: scopes, renditions and the paths a stream URL may name.
 */

export type StreamScope = 'full' | 'preview';

/** A rendition as built: what the master playlist and the data-cost labels need. */
export interface RenditionInfo {
  /** '234p' | '360p' | '480p' | '720p' | 'audio' */
  name: string;
  width: number | null;
  height: number | null;
  /** Peak bits per second, video with its audio (BANDWIDTH). */
  bandwidth: number;
  /** Bytes of every segment and init file of this rendition (audio's added to each video rung's cost). */
  bytes: number;
}

export const RENDITION_NAMES = ['234p', '360p', '480p', '720p', 'audio'] as const;

/**
 * The paths a stream URL may name after its token: the master, or a rendition's playlist, init
 * segment or media segment. Anything else (.., another folder, another extension) is refused
 * before storage is asked.
 */
export const STREAM_PATH = /^(?:master\.m3u8|(?:234p|360p|480p|720p|audio)\/(?:index\.m3u8|init\.mp4|seg_\d{5}\.m4s))$/;

