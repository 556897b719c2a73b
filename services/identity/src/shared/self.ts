import { forbidden, requireUser, type AuthContext, type AuthUser } from '@lbf/service-kit';

/**
 * The person themself, and no one else (administrators included): their consents and their
 * sessions. Visitors are UNAUTHENTICATED, anyone else FORBIDDEN.
 */
export function requireSelf(ctx: AuthContext, userId: string): AuthUser {
  const user = requireUser(ctx);
  if (user.userId !== userId) throw forbidden();
  return user;
}
