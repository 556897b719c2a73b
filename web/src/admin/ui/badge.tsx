import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  success: 'border-primary/30 bg-accent text-accent-foreground',
  muted: 'border-border bg-muted text-muted-foreground',
  warning: 'border-secondary-foreground/20 bg-secondary text-secondary-foreground',
  danger: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;

export function Badge({ tone, children, ...data }: { tone: keyof typeof tones; children: ReactNode; [data: `data-${string}`]: string }) {
  return (
    <span {...data} className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', tones[tone])}>
      {children}
    </span>
  );
}
