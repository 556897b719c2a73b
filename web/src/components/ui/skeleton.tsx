import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A grey block standing in for content that is loading. Give it the size of what it replaces so
 * nothing moves when the content arrives. Hidden from assistive technology: the region that waits
 * carries `aria-busy` and a status text instead.
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)} {...props} />;
}

/** Skeletons one after another (a title's and a paragraph's lines…), each given its classes: its size. */
export function Skeletons({ sizes }: { sizes: readonly string[] }) {
  return sizes.map((size, i) => <Skeleton key={i} className={size} />);
}
