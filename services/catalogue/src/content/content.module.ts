import { defineModule } from '@lbf/service-kit';
import type { CatalogueDeps } from '../shared/deps';
import { contentResolvers } from './resolvers';

/** Content: news articles, testimonials and the site's settings (catalogue.settings.updated). */
export const contentModule = (deps: CatalogueDeps) => defineModule({ name: 'content', resolvers: contentResolvers(deps) });
