import { Signal } from 'lucide-react';
import { dashboardText as t } from '@/i18n/commerce';
import { formatDataSize } from '@/lib/format/data-size';

/**
 * « Données utilisées ce mois-ci par les leçons : 12 Mo (dont 4 Mo hors ligne) »: what the viewer's
 * player reported this month (catalogue's myLessonDataUse), so a person on a prepaid plan sees what
 * the lessons cost them. The part offline shows once there is one (offline copies report it).
 */
export function LessonDataLine({ use }: { use: { bytes: number; offlineBytes: number } }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="lesson-data-used">
      <Signal className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {t.lessonData(formatDataSize(use.bytes), use.offlineBytes > 0 ? formatDataSize(use.offlineBytes) : null)}
    </p>
  );
}
