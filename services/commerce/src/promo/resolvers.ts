import { adminOnly, toPayload } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { createPromoCode, listPromoCodes, promoItems, setPromoCodeActive, updatePromoCode } from './admin-codes';

export function promoQueries(deps: CommerceDeps): Pick<QueryResolvers, 'adminPromoCodes' | 'adminPromoItems'> {
  return {
    adminPromoCodes: adminOnly(() => listPromoCodes(deps)),
    adminPromoItems: adminOnly(() => promoItems(deps)),
  };
}

export function promoMutations(deps: CommerceDeps): Pick<MutationResolvers, 'adminCreatePromoCode' | 'adminUpdatePromoCode' | 'adminSetPromoCodeActive'> {
  return {
    adminCreatePromoCode: adminOnly(async ({ input }, _ctx, admin) => toPayload('promoCode', await createPromoCode(deps, admin, input))),
    adminUpdatePromoCode: adminOnly(async ({ id, input }, _ctx, admin) => toPayload('promoCode', await updatePromoCode(deps, admin, id, input))),
    adminSetPromoCodeActive: adminOnly(async ({ id, active }, _ctx, admin) => toPayload('promoCode', await setPromoCodeActive(deps, admin, id, active))),
  };
}
