import { unwrapKeepingCode } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { MutationResolvers } from '../generated/graphql';
import { checkCaptcha, createCaptcha } from './captchas';

export function captchaMutations(deps: IdentityDeps): MutationResolvers {
  return {
    // A refused captcha has no payload: the page reads RATE_LIMITED from the error's code.
    createCaptcha: async (_parent, _args, ctx) => {
      const { id, image, expiresAt, proofOfWork } = unwrapKeepingCode(await createCaptcha(deps, ctx));
      return { id, image, expiresAt: expiresAt.toISOString(), proofOfWork };
    },

    checkCaptcha: (_parent, args) => checkCaptcha(deps, args.id, args.answer),
  };
}
