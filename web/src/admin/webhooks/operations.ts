import type { AdminWebhookRowFragment, AdminWebhookDeliveriesQuery } from '@/generated/graphql';

export type AdminWebhook = AdminWebhookRowFragment;
export type AdminWebhookDelivery = AdminWebhookDeliveriesQuery['adminWebhookDeliveries']['items'][number];

