import type { AuthUser, BaseContext, Result } from '@lbf/service-kit';
import { refused } from '../shared/errors';
import { TEXT } from '../shared/messages';

/** A customer's use case with a payload: signed out is the payload's 'Utilisateur non connecté' (UNAUTHENTICATED). */
export async function asCustomer<T>(ctx: BaseContext, run: (user: AuthUser) => Promise<Result<T>>): Promise<Result<T>> {
  if (!ctx.auth) return refused('UNAUTHENTICATED', TEXT.notSignedIn);
  return run(ctx.auth);
}
