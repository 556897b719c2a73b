import { Infinity as InfinityIcon } from 'lucide-react';
import { catalogueText } from '@/i18n/catalogue';
import { formatCents } from '@/lib/format/catalogue';

const sizes = {
  /** On a catalogue card. */
  card: { price: 'text-xl font-bold text-primary tabular-nums', note: 'flex items-center gap-1 text-xs text-muted-foreground', icon: 'size-3.5' },
  /** In a video page's purchase panel. */
  panel: { price: 'text-3xl font-extrabold text-primary tabular-nums', note: 'flex items-center gap-1 text-sm text-muted-foreground', icon: 'size-4' },
} as const;

/** A video's price (data-testid video-price) and, under it, 'Accès à vie'. */
export function PriceForLife({ priceCents, size }: { priceCents: number; size: keyof typeof sizes }) {
  const classes = sizes[size];
  return (
    <div>
      <p className={classes.price} data-testid="video-price">
        {formatCents(priceCents)}
      </p>
      <p className={classes.note}>
        <InfinityIcon className={classes.icon} aria-hidden="true" />
        {catalogueText.lifetimeAccess}
      </p>
    </div>
  );
}
