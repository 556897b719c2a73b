import { Stethoscope } from 'lucide-react';
import { healthContentText as t } from '@/i18n/health-content';
import { cn } from '@/lib/utils';

/**
 * « Ces contenus ne remplacent pas l'avis d'un professionnel de santé »: the notice every article,
 * lesson page and guide shows, in sight before the content itself.
 */
export function HealthNotice({ className }: { className?: string }) {
  return (
    <aside role="note" data-testid="health-notice" className={cn('flex items-start gap-3 rounded-lg border border-primary/25 bg-primary/5 p-4 text-sm', className)}>
      <Stethoscope className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="text-pretty">
        <strong className="font-semibold">{t.notice}</strong>. <span className="text-muted-foreground">{t.noticeMore}</span>
      </p>
    </aside>
  );
}
