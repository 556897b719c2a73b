import { toPayload } from '@lbf/service-kit';
import { asCustomer } from '../checkout/customer';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { refused } from '../shared/errors';
import { createPayLink } from './create-link';
import { payLinkView, payPayLink } from './pay-link';
import { allowPayLinkTry } from './tries';

/** Too many payments started from one address through links. */
const TOO_MANY = 'Trop de tentatives de paiement. Réessayez dans quelques minutes.';

export function payLinkQueries(deps: CommerceDeps): Pick<QueryResolvers, 'payLink'> {
  return {
    payLink: async (_p, { token }) => payLinkView(deps, token),
  };
}

export function payLinkMutations(deps: CommerceDeps): Pick<MutationResolvers, 'createPayLink' | 'payPayLink'> {
  return {
    createPayLink: async (_p, args, ctx) => toPayload('payLink', await asCustomer(ctx, (user) => createPayLink(deps, user, args))),
    payPayLink: async (_p, { input }, ctx) => {
      const allowed = await allowPayLinkTry(deps.redis, deps.config.redisKeyPrefix, ctx.ip);
      return toPayload('payLink', allowed ? await payPayLink(deps, input) : refused('RATE_LIMITED', TOO_MANY));
    },
  };
}

