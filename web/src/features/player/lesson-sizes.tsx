import { HardDriveDownload } from 'lucide-react';
import { playerText } from '@/i18n/player';
import { lessonSizesText, type RenditionSize } from './lesson-sizes-text';

const t = playerText.sizes;

/** « 12 Mo en qualité économique · 4 Mo en audio seul », under the lesson's poster or player. */
export function LessonSizes({ renditions, dataSaver, audioOnly }: { renditions: readonly RenditionSize[]; dataSaver: boolean; audioOnly: boolean }) {
  const text = lessonSizesText(renditions, { dataSaver, audioOnly });
  if (!text) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="lesson-sizes">
      <HardDriveDownload className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="sr-only">{t.label} : </span>
      {/* Each size whole on its line: « 0,3 Mo en audio seul » never breaks before « audio seul ». */}
      <span>
        {text.split(' · ').map((part, i) => (
          <span key={part}>
            {i > 0 && ' · '}
            <span className="whitespace-nowrap">{part}</span>
          </span>
        ))}
      </span>
    </p>
  );
}
