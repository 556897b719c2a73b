import type { PdfResolvers, VideoResolvers } from '../generated/graphql';
import type { Ownership } from './ownership';

/** `purchased` on both kinds: one statement per request for all the items of a page (or of an `_entities` call). */
export function entitlementResolvers(ownership: Ownership): { Video: VideoResolvers; Pdf: PdfResolvers } {
  return {
    Video: { purchased: (v, _, ctx) => ownership.owns(ctx, v.id) },
    Pdf: { purchased: (p, _, ctx) => ownership.owns(ctx, p.id) },
  };
}
