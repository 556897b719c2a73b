import { Clock, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { catalogueText, videoDetailText } from '@/i18n/catalogue';
import { formatDuration } from '@/lib/format/duration';

/**
 * What a video's poster says on a detail page, the visitor's preview and the buyer's page alike:
 * « Aperçu » in its top-left corner when a preview is offered, the duration in its bottom-right.
 */
export function VideoPosterBadges({ showPreview, durationSeconds }: { showPreview: boolean; durationSeconds: number | null }) {
  return (
    <>
      {showPreview && (
        <Badge variant="overlay" className="absolute top-3 left-3">
          <Sparkles aria-hidden="true" />
          {videoDetailText.preview}
        </Badge>
      )}
      {durationSeconds !== null && (
        <Badge variant="overlay" className="absolute right-3 bottom-3 tabular-nums">
          <Clock aria-hidden="true" />
          <span className="sr-only">{catalogueText.duration}</span>
          {formatDuration(durationSeconds)}
        </Badge>
      )}
    </>
  );
}
