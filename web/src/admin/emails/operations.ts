import type { AdminMailDeliveryFieldsFragment } from '@/generated/graphql';

export type AdminMailDelivery = AdminMailDeliveryFieldsFragment;
export type { MailPurpose, MailStatus } from '@/generated/graphql';

export const DELIVERIES_PAGE_SIZE = 25;

