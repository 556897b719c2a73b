import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A ticked line of a list of benefits (what premium brings, a video's perks and lessons); `small`: the smaller tick. */
export function CheckItem({ children, small, className }: { children: ReactNode; small?: boolean; className?: string }) {
  return (
    <li className={cn('flex items-start gap-2', className)}>
      <CircleCheck className={cn('mt-0.5 shrink-0 text-primary', small ? 'size-4' : 'size-5')} aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}
