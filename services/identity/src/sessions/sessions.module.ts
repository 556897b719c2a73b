import { defineModule } from '@lbf/service-kit';
import { sessionsMutations, userSessions } from './resolvers';
import type { SessionsDeps } from './signed-in';

/** Sessions: refresh-token rotation with reuse detection, access tokens, the refresh cookie, sign-out, the person's own devices (User.sessions, revoking them). */
export const sessionsModule = (deps: SessionsDeps) =>
  defineModule({
    name: 'sessions',
    resolvers: { Mutation: sessionsMutations(deps), User: userSessions(deps) },
  });
