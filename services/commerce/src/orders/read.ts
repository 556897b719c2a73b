import type { AuthUser } from '@lbf/service-kit';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { Order } from '../entities';
import type { Order as OrderGql } from '../generated/graphql';
import { findOrder, loadRecord } from './store';
import { orderView } from './views';

/** The GraphQL Order (`admin`: with the provider log and the admin action), or null when unknown. */
export async function viewOf(deps: Pick<CommerceDeps, 'ds'>, orderId: string, admin: boolean): Promise<OrderGql | null> {
  const record = await loadRecord(deps.ds.manager, orderId, admin);
  return record ? orderView(record, admin) : null;
}

/** The order if this user may see it (its buyer or an administrator), else null. */
export async function visibleOrder(deps: Pick<CommerceDeps, 'ds'>, user: AuthUser, orderId: string): Promise<Order | null> {
  if (!z.uuid().safeParse(orderId).success) return null;
  const order = await findOrder(deps.ds.manager, orderId);
  if (!order) return null;
  return order.buyerId === user.userId || user.roles.includes('admin') ? order : null;
}
