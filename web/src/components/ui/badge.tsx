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
      // A status's tone (the back-office's lists: 'Publié', 'Banni', 'En attente'…).
      success: 'border-primary/30 bg-accent text-accent-foreground',
      muted: 'border-border bg-muted text-muted-foreground',
      warning: 'border-secondary-foreground/20 bg-secondary text-secondary-foreground',
      danger: 'border-destructive/30 bg-destructive/10 text-destructive',
    },
    size: {
      default: 'w-fit shrink-0 gap-1 px-2.5 [&_svg]:pointer-events-none [&_svg]:size-3.5 [&_svg]:shrink-0',
      /** A status in a table row or a list. */
      compact: 'px-2',
    },
  },
  defaultVariants: { variant: 'default', size: 'default' },
});

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
