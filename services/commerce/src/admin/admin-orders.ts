import { connectionOf, cursorPageArgs, ok, splitPage, parseInput, toCsv, type Connection, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { CommerceStats, Order as OrderGql, OrderFilter, OrderPage } from '../generated/graphql';
import { loadRecords, orderView } from '../orders';
import { CSV_HEADER, csvRow, orderFilter } from './rules';
import { ordersOfBuyer, ordersPageAfter, ordersWhere, stats } from './store';

/** Orders, newest first, filtered, a page of at most 100. */
export async function adminOrders(deps: CommerceDeps, filter: OrderFilter | null | undefined, page: number, pageSize: number): Promise<Result<OrderPage>> {
  const parsed = parseInput(orderFilter, filter);
  if (!parsed.ok) return parsed;
  const size = Math.min(Math.max(pageSize, 1), 100);
  const current = Math.max(page, 1);
  const { orders, total } = await ordersWhere(deps.ds.manager, parsed.value, deps.config.siteTimezone, size, (current - 1) * size);
  const records = await loadRecords(deps.ds.manager, orders, true);
  return ok({ items: records.map((r) => orderView(r, true)), total, page: current, pageSize: size, totalPages: Math.max(1, Math.ceil(total / size)) });
}

/** Orders, newest first, filtered, a cursor page of at most 100 (integrators, issue 24). */
export async function adminOrdersConnection(
  deps: CommerceDeps,
  filter: OrderFilter | null | undefined,
  page: { first?: number | null; after?: string | null },
): Promise<Result<Connection<OrderGql>>> {
  const parsed = parseInput(orderFilter, filter);
  if (!parsed.ok) return parsed;
  const args = parseInput(cursorPageArgs, page);
  if (!args.ok) return args;
  const { first, after } = args.value;
  const { rows, total } = await ordersPageAfter(deps.ds.manager, parsed.value, deps.config.siteTimezone, first + 1, after);
  const { page: rowsOfPage, hasNextPage } = splitPage(rows, first);
  const records = await loadRecords(deps.ds.manager, rowsOfPage.map((r) => r.order), true);
  return ok(connectionOf(records.map((r, i) => ({ node: orderView(r, true), cursor: rowsOfPage[i]!.cursor })), hasNextPage, total));
}

/** One user's orders, newest first (the users page's purchase history). */
export async function adminUserOrders(deps: CommerceDeps, userId: string): Promise<OrderGql[]> {
  if (!z.uuid().safeParse(userId).success) return [];
  const orders = await ordersOfBuyer(deps.ds.manager, userId);
  return (await loadRecords(deps.ds.manager, orders, true)).map((r) => orderView(r, true));
}

export function commerceStats(deps: CommerceDeps): Promise<CommerceStats> {
  return stats(deps.ds.manager);
}

/** Orders as CSV through the kit's writer (the French spreadsheet format, dates in the site's time zone), amounts in whole FCFA. */
export async function exportOrdersCsv(deps: CommerceDeps, filter: OrderFilter | null | undefined): Promise<Result<string>> {
  const parsed = parseInput(orderFilter, filter);
  if (!parsed.ok) return parsed;
  const { orders } = await ordersWhere(deps.ds.manager, parsed.value, deps.config.siteTimezone, null, 0);
  const records = await loadRecords(deps.ds.manager, orders, false);
  return ok(toCsv(CSV_HEADER, records.map(csvRow), { timeZone: deps.config.siteTimezone }));
}
