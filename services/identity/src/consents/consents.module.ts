import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { consentsMutations, userConsents } from './resolvers';

/** Consents: each person's append-only history (terms, privacy notice, health data), User.consents, giving and withdrawing the health-data consent. */
export const consentsModule = (deps: IdentityDeps) =>
  defineModule({
    name: 'consents',
    resolvers: { Mutation: consentsMutations(deps), User: userConsents(deps) },
  });
