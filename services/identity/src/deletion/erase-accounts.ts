import { forgetEventsAbout, type Tx } from '@lbf/service-kit';
import { anotherAdminStays, lockAdminGuard } from '../shared/admins';
import type { IdentityDeps } from '../deps';
import { killUserTokens } from '../sessions';
import { claimDueDeletion, credentialsOf, eraseAccountRows, forgetOwnEvents, markCompleted } from './store';

/** One pass of the erasure job: accounts erased, and due ones kept because they were the last administrator. */
export interface ErasurePass {
  erased: number;
  kept: number;
}

/**
 * The erasure job: every account whose grace period is over is erased, one transaction each.
 * Identity deletes its own rows (the account, sessions, reset links, bans received, the purchase
 * totals), its outbox forgets the person's events and its parked events their content, the request
 * is marked done and `identity.user.deleted` commits with all of it, so that every service erases
 * in turn what it holds. Inside the transaction Redis is told to refuse every access token issued to
 * them (if it cannot be told, nothing is erased and the next run tries again). A crash rolls the
 * transaction back: the next run (or another replica) takes the deletion again. Safe to run again.
 */
export async function eraseDueAccounts(deps: IdentityDeps, now = new Date()): Promise<ErasurePass> {
  const pass: ErasurePass = { erased: 0, kept: 0 };
  const passed: string[] = [];
  for (;;) {
    const outcome = await deps.uow.run((tx) => eraseNextAccount(deps, tx, now, passed));
    if (!outcome) return pass;
    pass[outcome] += 1;
  }
}

async function eraseNextAccount(deps: IdentityDeps, { manager, emit }: Tx, now: Date, passed: string[]): Promise<keyof ErasurePass | null> {
  const due = await claimDueDeletion(manager, now, passed);
  if (!due) return null;
  passed.push(due.id);
  await lockAdminGuard(manager);
  if (!(await anotherAdminStays(manager, due.userId))) {
    deps.log.error({ userId: due.userId }, 'account deletion due but it is the last administrator: kept until another administrator exists');
    return 'kept';
  }
  const email = (await credentialsOf(manager, due.userId))?.email;
  const ownEvents = await forgetOwnEvents(manager, due.userId);
  const mentioning = await forgetEventsAbout(manager, [due.userId, ...(email ? [email] : [])]);
  const counts = await eraseAccountRows(manager, due.userId);
  const deletedAt = await markCompleted(manager, due.id);
  await emit('identity.user.deleted', { userId: due.userId, deletedAt: deletedAt.toISOString() });
  await killUserTokens(deps.redis, due.userId, deps.config);
  deps.log.info({ userId: due.userId, ...counts, outboxRows: ownEvents + mentioning.outbox, parkedRedacted: mentioning.parked }, 'account erased');
  return 'erased';
}
