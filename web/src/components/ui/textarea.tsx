import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A multi-line text field, styled like the inputs. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
        'min-h-20 resize-y',
        className,
      )}
      {...props}
    />
  );
}
