import { defineModule } from '@lbf/service-kit';
import type { CatalogueDeps } from '../shared/deps';
import { statsResolvers } from './resolvers';

/** Stats: the back office's counts (published items, views, downloads, articles, testimonials). */
export const statsModule = (deps: CatalogueDeps) => defineModule({ name: 'stats', resolvers: statsResolvers(deps) });
