import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { adminFr, CONTENT_CATEGORIES } from '../i18n';

const controlClass =
  'w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClass, 'min-h-20 resize-y', className)} {...props} />;
}

/** A native select: the phone's own picker, type-ahead included, no script to download. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClass, 'h-10 py-0 pr-8', className)} {...props} />;
}

/** The content category (spec §4), its French labels as options; spread `register('category')`. */
export function CategorySelect(props: ComponentProps<'select'>) {
  return (
    <NativeSelect {...props}>
      {CONTENT_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {adminFr.categories[category]}
        </option>
      ))}
    </NativeSelect>
  );
}
