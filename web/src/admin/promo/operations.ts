import type { AdminPromoCodeRowFragment } from '@/generated/graphql';

export type AdminPromoCode = AdminPromoCodeRowFragment;

