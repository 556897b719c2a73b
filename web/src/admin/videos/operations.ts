import type { AdminVideoRowFragment } from '@/generated/graphql';

export type AdminVideo = AdminVideoRowFragment;

export const PAGE_SIZE = 20;

