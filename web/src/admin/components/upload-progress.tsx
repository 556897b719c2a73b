import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { adminFr } from '@/i18n/admin';
import { formatBytes } from '../lib/format-bytes';
import type { FileProgress } from '../lib/use-file-uploads';

function percent(row: FileProgress): number {
  if (row.status === 'done') return 100;
  return row.size > 0 ? Math.min(100, Math.floor((row.sent / row.size) * 100)) : 0;
}

/** One real progress bar per file: percentage, bytes sent of the total, and a cancel button. */
export function UploadProgress({ rows, onCancel }: { rows: FileProgress[]; onCancel(): void }) {
  if (rows.length === 0) return null;
  const t = adminFr.upload;
  return (
    <section aria-label={t.progressTitle} className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 sm:p-4" data-testid="upload-progress">
      {rows.map((row) => {
        const value = percent(row);
        return (
          <div key={row.key} className="flex flex-col gap-1.5" data-testid={`upload-progress-${row.key}`}>
            <div className="flex items-center gap-2 text-sm">
              <p className="min-w-0 flex-1 truncate font-medium">{row.name}</p>
              <p className="shrink-0 tabular-nums" data-testid="upload-percent">
                {row.status === 'waiting' ? t.waiting : `${value} %`}
              </p>
              {row.status === 'done' ? (
                <Check className="size-4 shrink-0 text-primary" aria-label={t.done} />
              ) : (
                <Button variant="ghost" size="icon" className="size-7 shrink-0" onClick={onCancel} aria-label={t.cancelFile(row.name)} title={t.cancel}>
                  <X aria-hidden="true" />
                </Button>
              )}
            </div>
            <div
              role="progressbar"
              aria-label={t.progressLabel(row.name)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={value}
              aria-valuetext={`${value} %`}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary transition-[width] duration-150" style={{ width: `${value}%` }} />
            </div>
            <p className="text-xs text-muted-foreground tabular-nums" data-testid="upload-bytes">
              {t.sentOf(formatBytes(row.status === 'done' ? row.size : row.sent), formatBytes(row.size))}
            </p>
          </div>
        );
      })}
    </section>
  );
}
