import { Feather } from 'lucide-react';
import { useId } from 'react';
import { useLowData } from '@/lib/low-data';
import { lowDataText } from '@/i18n/low-data';
import { cn } from '@/lib/utils';

/** The switch's track and knob (decorative: the control carries its state). */
export function LowDataTrack({ on }: { on: boolean }) {
  return (
    <span aria-hidden="true" className={cn('relative h-5 w-9 shrink-0 rounded-full bg-muted-foreground/30 transition-colors', on && 'bg-primary')}>
      <span className={cn('absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform', on && 'translate-x-4')} />
    </span>
  );
}

/**
 * The footer's switch (every width, signed in or not). Kept free of the menu's code: the footer is
 * in the entry chunk, the account menu (LowDataMenuItem in account-menu.tsx) loads when signed in.
 */
export function LowDataSwitch({ className }: { className?: string }) {
  const { enabled, setEnabled } = useLowData();
  const hintId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-describedby={hintId}
      onClick={() => setEnabled(!enabled)}
      data-testid="low-data-switch"
      className={cn(
        'flex min-h-11 items-center gap-3 rounded-lg border bg-card px-3 py-2 text-left hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Feather className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="flex min-w-0 flex-col">
        <span className="text-sm font-semibold">{lowDataText.label}</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {lowDataText.hint}
        </span>
      </span>
      <LowDataTrack on={enabled} />
    </button>
  );
}
