/**
 * The playlists we write or rewrite around ffmpeg's: the master (ffmpeg 2018 cannot name variant
 * streams, so we write it), the paid media playlists' key line, and the preview's truncation.
 */

export interface MediaSegment {
  /** Seconds (EXTINF). */
  duration: number;
  /** The segment's file name as the playlist names it. */
  uri: string;
}

/** The segments of a media playlist, in order. */
export function playlistSegments(playlist: string): MediaSegment[] {
  const out: MediaSegment[] = [];
  let pending: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && pending !== null) {
      out.push({ duration: pending, uri: line });
      pending = null;
    }
  }
  return out;
}

/** Adds the AES-128 key line right after EXT-X-MAP (the init segment stays clear; every segment after it is encrypted). */
export function withKeyTag(playlist: string, keyTag: string): string {
  const lines = playlist.split('\n');
  const map = lines.findIndex((l) => l.startsWith('#EXT-X-MAP:'));
  if (map < 0) throw new Error('media playlist without EXT-X-MAP (not fMP4)');
  if (lines[map + 1]?.startsWith('#EXT-X-KEY:')) return playlist;
  lines.splice(map + 1, 0, keyTag);
  return lines.join('\n');
}

/**
 * The first segments of a media playlist covering `seconds` (whole segments: the preview ends on a
 * segment boundary at or just after `seconds`), as a VOD playlist of its own.
 */
export function truncatePlaylist(playlist: string, seconds: number): { playlist: string; segments: MediaSegment[] } {
  const lines = playlist.split('\n');
  const out: string[] = [];
  const kept: MediaSegment[] = [];
  let covered = 0;
  let pending: string | null = null;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '#EXT-X-ENDLIST') break;
    if (line.startsWith('#EXTINF:')) {
      if (covered >= seconds - 1e-3) break;
      pending = line;
      continue;
    }
    if (pending !== null && line && !line.startsWith('#')) {
      const duration = Number.parseFloat(pending.slice('#EXTINF:'.length));
      out.push(pending, line);
      kept.push({ duration, uri: line });
      covered += duration;
      pending = null;
      continue;
    }
    if (pending === null) out.push(line);
  }
  while (out.length && out[out.length - 1] === '') out.pop();
  out.push('#EXT-X-ENDLIST', '');
  return { playlist: out.join('\n'), segments: kept };
}

export interface MasterVariant {
  name: string;
  width: number;
  height: number;
  /** Peak and average bits per second of the video with its audio. */
  bandwidth: number;
  averageBandwidth: number;
  /** e.g. 'avc1.4d401e' */
  videoCodec: string;
}

export interface MasterAudio {
  name: string;
  codec: string;
}

/** Our master playlist: one audio group 'aud' (the shared mono rendition) and one variant per rung, lowest first. */
export function masterPlaylist(variants: MasterVariant[], audio: MasterAudio): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Audio",LANGUAGE="fr",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="1",URI="${audio.name}/index.m3u8"`,
  ];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},AVERAGE-BANDWIDTH=${v.averageBandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.videoCodec},${audio.codec}",AUDIO="aud"`,
      `${v.name}/index.m3u8`,
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * The RFC 6381 codec string of an H.264 fMP4 init segment, read from its avcC box
 * (profile, constraint flags, level); null when there is none.
 */
export function avcCodecOf(initSegment: Uint8Array): string | null {
  const buf = Buffer.from(initSegment.buffer, initSegment.byteOffset, initSegment.byteLength);
  const at = buf.indexOf('avcC', 0, 'latin1');
  // Box type, then configurationVersion (1), AVCProfileIndication, profile_compatibility, AVCLevelIndication.
  if (at < 0 || at + 8 > buf.length || buf[at + 4] !== 1) return null;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `avc1.${hex(buf[at + 5]!)}${hex(buf[at + 6]!)}${hex(buf[at + 7]!)}`;
}

/** Peak and average bits per second of a rendition from its segments' sizes and durations. */
export function bitrates(segments: Array<{ duration: number; bytes: number }>): { peak: number; average: number } {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const s of segments) {
    if (s.duration > 0) peak = Math.max(peak, (s.bytes * 8) / s.duration);
    bytes += s.bytes;
    seconds += s.duration;
  }
  return { peak: Math.ceil(peak), average: seconds > 0 ? Math.ceil((bytes * 8) / seconds) : 0 };
}
