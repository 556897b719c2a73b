import { createCipheriv } from 'node:crypto';

/**
 * Where a video's streaming files live, and how its paid segments are encrypted. Shared by the
 * pipeline (which writes them) and the stream routes (which serve them).
 *
 * Layout in the `videos` bucket, one folder per build so a rebuild never touches what is playing:
 *
 *   hls/<video id>/v<version>/full/master.m3u8            our own master playlist
 *   hls/<video id>/v<version>/full/<rendition>/index.m3u8  media playlist, EXT-X-KEY URI "../key"
 *   hls/<video id>/v<version>/full/<rendition>/init.mp4    fMP4 init segment (not encrypted)
 *   hls/<video id>/v<version>/full/<rendition>/seg_00000.m4s  AES-128-CBC (see encryptSegment)
 *   hls/<video id>/v<version>/preview/...                  the same shape, first N seconds, not encrypted
 *
 * Renditions: 234p, 360p, 480p, 720p (video only, never above the source) and `audio` (mono AAC,
 * the video variants' shared audio group and the player's audio-only mode).
 */

export { RENDITION_NAMES, STREAM_PATH, type RenditionInfo, type StreamScope } from '../../shared/hls-contract';
import type { StreamScope } from '../../shared/hls-contract';

export function hlsVideoPrefix(videoId: string): string {
  return `hls/${videoId}/`;
}

export function hlsVersionPrefix(videoId: string, version: number): string {
  return `hls/${videoId}/v${version}/`;
}

/** The object key of `path` (a StreamPath) in a video's version and scope. */
export function hlsObjectKey(videoId: string, version: number, scope: StreamScope, path: string): string {
  return `${hlsVersionPrefix(videoId, version)}${scope}/${path}`;
}

/** The segment file name ffmpeg writes for index `i` (-hls_segment_filename seg_%05d.m4s). */
export function segmentName(i: number): string {
  return `seg_${String(i).padStart(5, '0')}.m4s`;
}

/** The key URI written in paid media playlists: relative, so it carries the session's token. */
export const KEY_URI = '../key';

/**
 * AES-128-CBC with PKCS#7 padding, IV = the segment's media sequence number as a 128-bit
 * big-endian integer: what HLS clients use when EXT-X-KEY has no IV attribute (RFC 8216 §5.2).
 * Playlists start at EXT-X-MEDIA-SEQUENCE:0, so segment i (seg_0000i.m4s) is sequence i.
 */
export function encryptSegment(key: Buffer, sequence: number, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

/** The key line of a paid media playlist, written right after its EXT-X-MAP (the init segment stays clear). */
export function keyTag(): string {
  return `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI}"`;
}

/** The pdfs-bucket key of a buyer's stamped copy of a guide. */
export function stampedPdfKey(orderId: string): string {
  return `stamped/${orderId}.pdf`;
}
