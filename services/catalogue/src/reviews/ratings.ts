import type { BaseContext } from '@lbf/service-kit';
import { Batcher, perRequest } from '../shared/batch';
import type { CatalogueDeps } from '../shared/deps';
import type { RatingSummary } from './records';
import { summariesOf } from './store';

const NONE: RatingSummary = { average: null, count: 0 };

/** Items' average and count, batched per request: one statement for a page of cards. */
export function createRatings(deps: Pick<CatalogueDeps, 'ds'>): (ctx: BaseContext, itemId: string) => Promise<RatingSummary> {
  const loader = perRequest(() => new Batcher<string, RatingSummary>((ids) => summariesOf(deps.ds.manager, ids), NONE));
  return (ctx, itemId) => loader(ctx).load(itemId);
}
