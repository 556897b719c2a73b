import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { Column } from './data-list';

/**
 * A list's first cell: the item's picture (or its kind's icon on a grey tile of the same size),
 * its title on two lines at most, and a line under it (category, author…).
 */
export function ThumbTitle({
  imageUrl,
  icon,
  sizeClass,
  title,
  detail,
}: {
  imageUrl: string | null | undefined;
  /** The kind's icon, `size-5`. */
  icon: ReactNode;
  /** The picture's size, e.g. `size-10`. */
  sizeClass: string;
  title: string;
  detail: ReactNode;
}) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      {imageUrl ? (
        <img src={imageUrl} alt="" loading="lazy" className={cn(sizeClass, 'shrink-0 rounded border object-cover')} />
      ) : (
        <span className={cn('grid', sizeClass, 'shrink-0 place-items-center rounded border bg-muted text-muted-foreground')}>{icon}</span>
      )}
      <span className="min-w-0">
        <span className="line-clamp-2 break-words">{title}</span>
        <span className="block text-xs font-normal text-muted-foreground">{detail}</span>
      </span>
    </span>
  );
}

/** A list's first column: each row's ThumbTitle, the picture's look the same on every row. */
export function thumbTitleColumn<T>(
  header: string,
  look: { icon: ReactNode; sizeClass: string },
  of: (row: T) => { imageUrl: string | null | undefined; title: string; detail: ReactNode },
): Column<T> {
  return { header, cell: (row) => <ThumbTitle {...look} {...of(row)} /> };
}
