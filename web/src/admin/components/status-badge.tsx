import type { ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';
import type { AttemptStatus, OrderStatus } from '@/generated/graphql';
import { adminFr } from '@/i18n/admin';

const tones = {
  success: 'border-primary/30 bg-accent text-accent-foreground',
  muted: 'border-border bg-muted text-muted-foreground',
  warning: 'border-secondary-foreground/20 bg-secondary text-secondary-foreground',
  danger: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const;

/**
 * A status in the back-office's lists ('Publié', 'Banni', 'En attente'…): the kit's compact Badge in
 * the status's tone (in the admin's chunk only: the public pages' badges do not carry these colours).
 */
export function ToneBadge({ tone, ...props }: ComponentProps<'span'> & { tone: keyof typeof tones }) {
  return <Badge variant="outline" size="compact" className={tones[tone]} {...props} />;
}

const tone = {
  COMPLETED: 'success',
  PENDING: 'warning',
  CREATED: 'muted',
  FAILED: 'danger',
  EXPIRED: 'muted',
  CANCELED: 'muted',
  REFUNDED: 'warning',
} as const satisfies Record<OrderStatus | AttemptStatus, string>;

/** An order's or attempt's status in French ('Complété', 'En attente', …). */
export function OrderStatusBadge({ status }: { status: OrderStatus | AttemptStatus }) {
  return (
    <ToneBadge tone={tone[status]} data-status={status}>
      {adminFr.orderStatus[status]}
    </ToneBadge>
  );
}
