import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * Line boxes of the real text's line heights (`box`) holding a shorter bar (`bar`), one per line,
 * so a loaded card takes exactly the room its skeleton held and nothing moves.
 */
export function SkeletonLines({ box, bar, widths }: { box: string; bar: string; widths: string[] }) {
  return (
    <div>
      {widths.map((width, i) => (
        <div key={i} className={cn('flex items-center', box)}>
          <Skeleton className={cn(bar, width)} />
        </div>
      ))}
    </div>
  );
}

/**
 * The shape of a video or PDF card while a list loads: picture, two title lines, two description
 * lines, what the kind adds (`details`), the price row, then what follows it (`footer`).
 */
export function CatalogueCardSkeleton({ titleEnd, details, footer }: { titleEnd: string; details?: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <Skeleton className="aspect-video rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <SkeletonLines box="h-[1.375rem]" bar="h-4" widths={['w-11/12', titleEnd]} />
        <SkeletonLines box="h-5" bar="h-3.5" widths={['w-full', 'w-4/5']} />
        {details}
        <div className="flex items-end justify-between pt-2">
          <div className="flex h-11 flex-col justify-between">
            <Skeleton className="h-6 w-16" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-9 w-[7.5rem] rounded-full" />
        </div>
        {footer}
      </div>
    </Card>
  );
}
