import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva('inline-flex items-center whitespace-nowrap rounded-full border py-0.5 text-xs font-medium', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      accent: 'border-transparent bg-accent text-accent-foreground',
      outline: 'bg-card text-foreground',
      /** Over an image: readable on any thumbnail. */
      overlay: 'border-transparent bg-black/70 text-white',
    },
    size: {
      default: 'w-fit shrink-0 gap-1 px-2.5 [&_svg]:pointer-events-none [&_svg]:size-3.5 [&_svg]:shrink-0',
      /** A status in a table row or a list (admin/components/status-badge.tsx). */
      compact: 'px-2',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
