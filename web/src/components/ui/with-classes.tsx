import type { ComponentType } from 'react';
import { cn } from '@/lib/utils';

/**
 * `Component` (a Radix or cmdk part) drawn with this design's `classes`, which the caller's
 * `className` extends or overrides (tailwind-merge): how the plain styled parts here are made.
 */
export function withClasses<P extends { className?: string }>(Component: ComponentType<P>, classes: string) {
  function WithClasses({ className, ...props }: P) {
    return <Component {...(props as P)} className={cn(classes, className)} />;
  }
  WithClasses.displayName = `withClasses(${Component.displayName ?? Component.name})`;
  return WithClasses;
}
