import type * as G from '@/generated/graphql';

export type AdminOrder = G.AdminOrderRowFragment;
export type AdminOrders = G.AdminOrdersPageQuery['adminOrders'];
export type AdminOrderDetail = G.AdminOrderDetailFragment;
export type AdminAttempt = AdminOrderDetail['attempts'][number];
export type { OrderFilter, OrderStatus, PaymentMethod } from '@/generated/graphql';

export const PAGE_SIZE = 20;

export type PaymentHealthReport = G.AdminPaymentHealthQuery['adminPaymentHealth'];
export type MethodHealthReport = PaymentHealthReport['methods'][number];
export type HealthFigures = G.HealthFiguresFragment;
