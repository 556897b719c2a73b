import type { BaseContext } from '@lbf/service-kit';
import type { UserLoaders } from './accounts/users';

export interface IdentityContext extends BaseContext {
  loaders: UserLoaders;
  /**
   * The user this very request signed in (sign-up, sign-in, refresh). The request carried no access
   * token yet, but the answer is theirs: they may see their own e-mail and phone in it.
   */
  actingUserId: string | null;
}
