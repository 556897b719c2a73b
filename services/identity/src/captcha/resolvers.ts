import type { IdentityDeps } from '../deps';
import type { MutationResolvers } from '../generated/graphql';
import { coded } from '../shared/errors';
import { checkCaptcha, createCaptcha } from './captchas';

export function captchaMutations(deps: IdentityDeps): MutationResolvers {
  return {
    // A refused captcha has no payload: the page reads RATE_LIMITED from the error's code.
    createCaptcha: async (_parent, _args, ctx) => {
      const issued = await createCaptcha(deps, ctx);
      if (!issued.ok) throw coded(issued.error);
      const { id, image, expiresAt, proofOfWork } = issued.value;
      return { id, image, expiresAt: expiresAt.toISOString(), proofOfWork };
    },

    checkCaptcha: (_parent, args) => checkCaptcha(deps, args.id, args.answer),
  };
}
