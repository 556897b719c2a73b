import { playerText } from '../../i18n/player';
import { formatDataSize } from '../../lib/format/data-size';

const t = playerText.sizes;

export interface RenditionSize {
  /** Null for audio only. */
  height: number | null;
  /** The whole lesson at this rung, audio included. */
  bytes: number;
}

/**
 * What the lesson costs before pressing play, for the chosen quality then for audio only: data
 * saver is the lowest rung (« qualité économique »); adaptive is at most the highest rung; audio
 * only alone when it is the choice. Null when the ladder is not built.
 */
export function lessonSizesText(renditions: readonly RenditionSize[], choice: { dataSaver: boolean; audioOnly: boolean }): string | null {
  const videos = renditions.filter((r) => r.height !== null);
  const audio = renditions.find((r) => r.height === null);
  const audioText = audio ? t.audio(formatDataSize(audio.bytes)) : null;
  if (choice.audioOnly && audioText) return audioText;
  if (videos.length === 0) return audioText;
  const chosen = choice.dataSaver
    ? t.economy(formatDataSize(Math.min(...videos.map((r) => r.bytes))))
    : t.auto(formatDataSize(Math.max(...videos.map((r) => r.bytes))));
  return audioText ? `${chosen} · ${audioText}` : chosen;
}
