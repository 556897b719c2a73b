import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { bansMutations, userBan, userBanFields } from './resolvers';

/** Bans: banning and unbanning users (administrators only), the last-administrator guard, User.ban. */
export const bansModule = (deps: IdentityDeps) =>
  defineModule({
    name: 'bans',
    resolvers: { Mutation: bansMutations(deps), User: userBan, UserBan: userBanFields },
  });
