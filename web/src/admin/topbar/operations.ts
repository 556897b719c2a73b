import type { AdminAlertsQuery } from '@/generated/graphql';

export type AdminAlertsValue = AdminAlertsQuery['adminAlerts'];
export type AdminAlertItem = AdminAlertsValue['items'][number];
export type { AdminAlertKind } from '@/generated/graphql';

/** How many hits of each kind the top bar's search lists. */
export const SEARCH_HITS_PER_KIND = 5;

