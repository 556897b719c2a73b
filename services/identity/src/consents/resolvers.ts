import { batchLoader, perRequest, requireUser, type Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { IdentityDeps } from '../deps';
import type { MutationResolvers, UserResolvers } from '../generated/graphql';
import { requireSelf } from '../shared/self';
import { consentView } from './rules';
import { setHealthDataConsent } from './set-health-data-consent';
import { consentsAmong, type ConsentRow } from './store';

/** The person's consents, read once per request whichever of the two fields asks. */
const histories = perRequest((ds: IdentityDeps['ds']) => batchLoader<ConsentRow[]>((ids) => consentsAmong(ds, ids), []));
const history = (deps: Pick<IdentityDeps, 'ds'>, ctx: IdentityContext, userId: string) => histories(ctx, deps.ds).load(userId);

/** User.consents and User.healthDataConsent: the person themself only (FORBIDDEN for anyone else, administrators included). */
export function userConsents(deps: Pick<IdentityDeps, 'ds'>): UserResolvers {
  return {
    consents: async (u, _args, ctx) => {
      requireSelf(ctx, u.id);
      return (await history(deps, ctx, u.id)).map(consentView);
    },
    healthDataConsent: async (u, _args, ctx) => {
      requireSelf(ctx, u.id);
      const live = (await history(deps, ctx, u.id)).find((c) => c.kind === 'health_data' && !c.withdrawn_at);
      return live ? consentView(live) : null;
    },
  };
}

async function consentPayload(ctx: IdentityContext, userId: string, result: Result<{ changed: boolean }>) {
  if (!result.ok) return { user: null, changed: false, error: result.error };
  return { user: await ctx.loaders.user.load(userId), changed: result.value.changed, error: null };
}

export function consentsMutations(deps: Pick<IdentityDeps, 'uow' | 'log'>): MutationResolvers {
  return {
    setHealthDataConsent: async (_parent, args, ctx) => {
      const { userId } = requireUser(ctx);
      return consentPayload(ctx, userId, await setHealthDataConsent(deps, userId, args.input));
    },
  };
}
