import { defineModule } from '@lbf/service-kit';
import type { Ownership } from '../entitlements';
import type { CatalogueDeps } from '../shared/deps';
import { itemLoaders } from './loaders';
import { itemResolvers } from './resolvers';

/** Items: the videos and PDF guides on sale, their lists, pages, forms, exports and events. */
export const itemsModule = (deps: CatalogueDeps & { ownership: Ownership }) =>
  defineModule({
    name: 'items',
    resolvers: itemResolvers(deps, deps.ownership, itemLoaders(deps)),
  });
