import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** "Nothing matches": a title in the spec's words, a hint, and a way out (usually a reset). */
export function EmptyState({ title, text, action, className }: { title: string; text?: string; action?: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center', className)}>
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="max-w-sm text-sm text-muted-foreground">{text}</p>}
      {action}
    </div>
  );
}
