import type { ConsentKind, ConsentSource } from '@lbf/proto-events';
import type { Tx } from '@lbf/service-kit';
import { newConsent } from './rules';
import { insertConsent, liveConsent, withdrawConsent } from './store';

/**
 * Records consents inside the caller's transaction (the sign-up's, the command's, setHealthDataConsent's),
 * each with the version in force, and publishes identity.user.consent_changed for each one that
 * changes something: giving what is given already adds no row and no event. The caller holds the
 * person's lock (a new account is its own).
 */
export async function giveConsents({ manager, emit }: Tx, userId: string, kinds: ConsentKind[], source: ConsentSource, at: Date): Promise<ConsentKind[]> {
  const given: ConsentKind[] = [];
  for (const kind of kinds) {
    if (await liveConsent(manager, userId, kind)) continue;
    const consent = newConsent(kind, source, at);
    await insertConsent(manager, userId, consent);
    await emit('identity.user.consent_changed', { userId, kind, given: true, version: consent.version, source, changedAt: at.toISOString() });
    given.push(kind);
  }
  return given;
}

/** Withdraws the live consent of this kind (and publishes it); false when none was live. */
export async function withdraw({ manager, emit }: Tx, userId: string, kind: ConsentKind, at: Date): Promise<boolean> {
  const row = await withdrawConsent(manager, userId, kind, at);
  if (!row) return false;
  await emit('identity.user.consent_changed', { userId, kind, given: false, version: row.version, source: row.source, changedAt: at.toISOString() });
  return true;
}
