import type * as G from '@/generated/graphql';

export type PurchaseHistoryRow = G.AdminUserOrdersQuery['adminUserOrders'][number];

export type { SortDirection, UserSort } from '@/generated/graphql';
export type AdminUserRow = G.AdminUsersPageQuery['adminUsers']['items'][number];

export const USERS_PAGE_SIZE = 25;

