import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { captchaMutations } from './resolvers';

/** Captcha: the sign-up's image captcha (drawn, checked live, spent once) and its proof of work. */
export const captchaModule = (deps: IdentityDeps) =>
  defineModule({
    name: 'captcha',
    resolvers: { Mutation: captchaMutations(deps) },
  });
