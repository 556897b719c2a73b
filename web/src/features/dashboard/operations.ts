import type { DashboardLibraryQuery, MyPurchasesQuery, ReceiptQuery } from '@/generated/graphql';

export type DashboardVideo = DashboardLibraryQuery['availableVideos']['items'][number];
export type DashboardPdf = DashboardLibraryQuery['availablePdfs']['items'][number];
export type Purchase = NonNullable<NonNullable<MyPurchasesQuery['me']>['purchases']>[number];
export type Receipt = NonNullable<ReceiptQuery['order']>;
/** The seller a receipt names: the site settings (catalogue), read in the same query as the order. */
export type ReceiptSeller = ReceiptQuery['siteSettings'];

/** The catalogue's limit for one page: the dashboard lists every item on one screen. */
export const LIBRARY_PAGE_SIZE = 100;

/*
 * The library (catalogue) and the purchases (commerce) are two queries: if one subgraph is down,
 * what the other serves still shows. The lists are filtered by the server (`purchased`), so a
 * purchase moves an item when they are fetched again.
 */

