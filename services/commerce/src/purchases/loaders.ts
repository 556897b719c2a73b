import { batchLoader, perRequest } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { Order as OrderGql } from '../generated/graphql';
import { loadPurchaseTotals, loadUserOrders, type PurchaseTotals } from './store';

const NO_PURCHASES: PurchaseTotals = { purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } };

/** Every User field asked in one `_entities` call joins one load per kind (totals, orders): kit batchLoader. */
const loadersFor = perRequest((ds: DataSource) => ({
  totals: batchLoader((ids) => loadPurchaseTotals(ds, ids), NO_PURCHASES),
  orders: batchLoader((ids) => loadUserOrders(ds, ids), [] as OrderGql[]),
}));

export const totalsOf = (ds: DataSource, ctx: object, userId: string) => loadersFor(ctx, ds).totals.load(userId);
export const ordersOf = (ds: DataSource, ctx: object, userId: string) => loadersFor(ctx, ds).orders.load(userId);
