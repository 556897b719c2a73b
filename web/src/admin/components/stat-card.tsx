import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A figure of the back-office (dashboard, statistics): its label and icon, the value, a line
 * under it. `valueTitle` is shown on hover (e.g. the USD equivalent of an FCFA amount).
 */
export function StatCard({
  label,
  icon,
  value,
  valueTitle,
  detail,
  testId,
}: {
  label: string;
  icon: ReactNode;
  /** Text, or a phrasing element (e.g. a sized span). */
  value: ReactNode;
  valueTitle?: string;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums" title={valueTitle} data-testid={`${testId}-value`}>
        {value}
      </p>
      {detail !== undefined && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}

/** `count` StatCards standing in while their figures load. */
export function StatCardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => <StatCardSkeleton key={i} />);
}

/** Stands in for a StatCard while its figure loads. */
export function StatCardSkeleton() {
  return (
    <Card className="p-4 sm:p-5" aria-hidden="true" data-testid="stat-card-skeleton">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-7 w-32" />
      <Skeleton className="mt-2 h-3 w-20" />
    </Card>
  );
}
