import type { AttemptStatus, OrderStatus } from '@/generated/graphql';
import { adminFr } from '../i18n';
import { Badge } from '@/components/ui/badge';

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
    <Badge size="compact" variant={tone[status]} data-status={status}>
      {adminFr.orderStatus[status]}
    </Badge>
  );
}
