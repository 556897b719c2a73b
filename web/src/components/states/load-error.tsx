import { RotateCcw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { catalogueText } from '@/i18n/catalogue';
import { cn } from '@/lib/utils';

/** A list or page that could not load: said plainly, with a retry that refetches the same query. */
export function LoadError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-8 text-center', className)}>
      <WifiOff className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{catalogueText.loadFailedTitle}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{catalogueText.loadFailedText}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {catalogueText.retry}
      </Button>
    </div>
  );
}
