/** What a download reads in HLS playlists (RFC 8216), without I/O. */

/** The files a media playlist names (its init segment, then its segments), relative to its folder. */
export function mediaFiles(playlist: string): string[] {
  const files: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map) files.push(map[1]!);
    else if (line && !line.startsWith('#')) files.push(line);
  }
  return files;
}

/**
 * The master playlist of one video rung: its header and the audio group kept, every other rung's
 * EXT-X-STREAM-INF and URI left out, so the offline player has one level and never asks for another.
 */
export function singleRungMaster(master: string, rendition: string): string {
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const uri = lines[i + 1] ?? '';
      if (uri.startsWith(`${rendition}/`)) out.push(line, uri);
      i += 1;
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** The playlists an offline copy keeps: the rung's and the shared audio's, or the audio's alone. */
export function playlistsOf(rendition: string): string[] {
  return rendition === 'audio' ? ['audio/index.m3u8'] : [`${rendition}/index.m3u8`, 'audio/index.m3u8'];
}

/** Where the offline player starts: the one-rung master, or the audio playlist. */
export function entryPath(rendition: string): string {
  return rendition === 'audio' ? 'audio/index.m3u8' : 'master.m3u8';
}
