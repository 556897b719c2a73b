import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** "This does not exist (any more)": an item's page for an unknown id, with the way back (`children`). */
export function NotFoundState({ Icon, title, text, className, children }: { Icon: LucideIcon; title: string; text: string; className?: string; children: ReactNode }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center', className)}>
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
