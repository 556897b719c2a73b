import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-primary/25 border-t-primary"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner for a page or a guard that is waiting. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} className="[&>span:first-child]:size-8" />
    </div>
  );
}
