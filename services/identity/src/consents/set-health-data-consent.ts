import { ok, parseInput, type Result } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { giveConsents, withdraw } from './give-consents';
import { healthDataConsentInput } from './rules';
import { lockConsentsOf } from './store';

/**
 * The person gives or withdraws their consent to the processing of health-related data (what they
 * buy and watch). One row and one identity.user.consent_changed per change, under the person's
 * lock, so two tabs clicking at once change it once. Withdrawing it stops what is not needed to
 * deliver what was bought: catalogue erases the watch progress and keeps no more, analytics records
 * views without the person; the entitlements, orders and receipts stay (see the README).
 */
export async function setHealthDataConsent(deps: Pick<IdentityDeps, 'uow' | 'log'>, userId: string, raw: unknown): Promise<Result<{ changed: boolean }>> {
  const input = parseInput(healthDataConsentInput, raw);
  if (!input.ok) return input;
  const { given, source } = input.value;
  const changed = await deps.uow.run(async (tx) => {
    if (!(await lockConsentsOf(tx.manager, userId))) return false;
    const at = new Date();
    return given ? (await giveConsents(tx, userId, ['health_data'], source, at)).length > 0 : withdraw(tx, userId, 'health_data', at);
  });
  if (changed) deps.log.info({ userId, given, source }, 'health-data consent changed');
  return ok({ changed });
}
