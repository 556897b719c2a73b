import { requireUser, toPayload } from '@lbf/service-kit';
import type { MutationResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { grantOfflineLicence, renewOfflineLicence } from './licences';

/** offlineLicence is a signed-in owner's; renewOfflineLicence anyone's who holds a renewal token. */
export function offlineResolvers(deps: Pick<CatalogueDeps, 'ds'>): { Mutation: MutationResolvers } {
  return {
    Mutation: {
      offlineLicence: async (_, a, ctx) => toPayload('licence', await grantOfflineLicence(deps, requireUser(ctx).userId, a.videoId)),
      renewOfflineLicence: async (_, a) => toPayload('licence', await renewOfflineLicence(deps, a.renewalToken)),
    },
  };
}
