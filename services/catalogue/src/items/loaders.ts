import type { BaseContext } from '@lbf/service-kit';
import type { Pdf, Video } from '../shared/records';
import { Batcher, perRequest } from '../shared/batch';
import type { CatalogueDeps } from '../shared/deps';
import { itemsByIds } from './store';

/** Entity references (`_entities`) batched per request: one statement per kind whatever their number. */
export interface ItemLoaders {
  video: Batcher<string, Video | null>;
  pdf: Batcher<string, Pdf | null>;
}

export function itemLoaders(deps: Pick<CatalogueDeps, 'ds'>): (ctx: BaseContext) => ItemLoaders {
  return perRequest(() => ({
    video: new Batcher<string, Video | null>((ids) => itemsByIds<Video>(deps.ds.manager, 'videos', ids), null),
    pdf: new Batcher<string, Pdf | null>((ids) => itemsByIds<Pdf>(deps.ds.manager, 'pdfs', ids), null),
  }));
}
