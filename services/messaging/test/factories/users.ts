import { userRegistered, type TestUser } from '@lbf/service-kit/testing';
import type { MessagingHarness } from '../harness';

/** The users module's factories: people messaging knows (its read model), as identity's events make them. */

/** identity.user.registered for a test user, then waits until messaging's read model has them; their address. */
export async function registerUser(
  ctx: MessagingHarness,
  user: TestUser,
  more: { email?: string; firstName?: string; lastName?: string; origin?: 'sign-up' | 'admin-command' } = {},
): Promise<string> {
  const email = more.email ?? `user-${user.userId.slice(0, 8)}@example.com`;
  await ctx.publish('identity.user.registered', userRegistered({ lastName: 'Ngo', ...more, userId: user.userId, email }));
  await ctx.until(async () => ((await ctx.sql.query(`SELECT 1 FROM messaging.users WHERE user_id = $1`, [user.userId])).rowCount ? true : null), 5000, 'user in messaging');
  return email;
}

/** An administrator messaging knows: their row in the users read model, as identity's event would write it. */
export async function adminUser(ctx: MessagingHarness): Promise<{ admin: TestUser; email: string }> {
  const admin = ctx.newUser({ admin: true });
  const email = `admin-${admin.userId.slice(0, 8)}@example.com`;
  await ctx.sql.query(`INSERT INTO messaging.users (user_id, email, first_name, last_name, registered_at) VALUES ($1, $2, 'Mireille', 'Admin', now())`, [
    admin.userId,
    email,
  ]);
  return { admin, email };
}
