import type { BaseContext } from '@lbf/service-kit';
import { Batcher, perRequest } from '../shared/batch';
import type { CatalogueDeps } from '../shared/deps';
import { ownedAmong } from './store';

/**
 * The request's viewer's ownership, batched per request (one statement for a page of items, or
 * for an `_entities` call); null for visitors. One instance is shared by the rooms that read it
 * (`Video.purchased`) and prime it (a list filtered on `purchased` already knows the answer).
 */
export interface Ownership {
  /** Whether the request's viewer owns the item (false for visitors). */
  owns(ctx: BaseContext, itemId: string): Promise<boolean>;
  /** Records what a list filtered on ownership already says, so it is never fetched. */
  prime(ctx: BaseContext, itemIds: string[], purchased: boolean): void;
}

export function createOwnership(deps: Pick<CatalogueDeps, 'ds'>): Ownership {
  const loader = perRequest((c) => {
    const userId = (c as BaseContext).auth?.userId ?? null;
    return userId ? new Batcher<string, boolean>(async (ids) => new Map([...(await ownedAmong(deps.ds, userId, ids))].map((id) => [id, true])), false) : null;
  });
  return {
    owns: (ctx, itemId) => loader(ctx)?.load(itemId) ?? Promise.resolve(false),
    prime: (ctx, itemIds, purchased) => {
      const owned = loader(ctx);
      if (owned) for (const id of itemIds) owned.prime(id, purchased);
    },
  };
}
