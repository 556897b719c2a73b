import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import type { Order as OrderGql } from '../generated/graphql';
import { loadPurchaseTotals, loadUserOrders, type PurchaseTotals } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_PURCHASES: PurchaseTotals = { purchaseCount: 0, totalSpent: { usdCents: 0, xaf: 0 } };

interface Loaders {
  totals: DataLoader<string, PurchaseTotals>;
  orders: DataLoader<string, OrderGql[]>;
}

/**
 * Per-request loaders, kept on the request's context object so two requests never share results:
 * every User field asked in one `_entities` call joins one load per kind (totals, orders).
 * setImmediate: the gateway's batch resolves its references before their fields run.
 */
const loaders = new WeakMap<object, Loaders>();

function loadersFor(ds: DataSource, ctx: object): Loaders {
  let found = loaders.get(ctx);
  if (!found) {
    const batchScheduleFn = (run: () => void) => setImmediate(run);
    found = {
      totals: new DataLoader(
        async (ids) => {
          const m = await loadPurchaseTotals(ds, ids);
          return ids.map((id) => m.get(id) ?? NO_PURCHASES);
        },
        { batchScheduleFn },
      ),
      orders: new DataLoader(
        async (ids) => {
          const m = await loadUserOrders(ds, ids);
          return ids.map((id) => m.get(id) ?? []);
        },
        { batchScheduleFn },
      ),
    };
    loaders.set(ctx, found);
  }
  return found;
}

export const totalsOf = (ds: DataSource, ctx: object, userId: string) => (UUID.test(userId) ? loadersFor(ds, ctx).totals.load(userId) : Promise.resolve(NO_PURCHASES));
export const ordersOf = (ds: DataSource, ctx: object, userId: string) => (UUID.test(userId) ? loadersFor(ds, ctx).orders.load(userId) : Promise.resolve([]));
