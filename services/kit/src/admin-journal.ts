import { ADMIN_ACTION_DETAILS_MAX_CHARS, ADMIN_ACTIONS, adminActionSubject, type AdminActionCode, type AdminActionRecorded } from '@lbf/proto-events';
import type { AdminActor, IntegrationActor } from './auth';
import type { Tx } from './tx';

/** A JSON value of a journal entry's details. */
export type JournalJson = string | number | boolean | null | JournalJson[] | { [key: string]: JournalJson };

/** What an action was done to: its id and a label a reader recognises (a title, « Nom <e-mail> »). */
export interface JournalTarget {
  id: string;
  label?: string | null;
}

/** An action run from a command (admin:create), not by an administrator in the back-office: what ran it, where. */
export interface CommandLineActor {
  command: string;
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Records an administrator's action in the journal, in one line inside the use case's unit of work:
 * the service's own `<service>.admin.action_recorded` goes to its outbox in the transaction of the
 * change, so the entry exists exactly when the change commits (never lost, never doubled).
 * `details` say what changed (a reason, `changedFields(before, after)`), never a secret: the contract
 * refuses keys such as password, token, secret or hash.
 */
export async function recordAdminAction(
  tx: Tx,
  by: AdminActor | IntegrationActor | CommandLineActor,
  action: AdminActionCode,
  target: JournalTarget,
  details: Record<string, JournalJson> = {},
): Promise<void> {
  const subject = adminActionSubject(tx.producer);
  if (!subject) throw new Error(`${tx.producer} has no admin.action_recorded subject in proto-events`);
  const { actor, origin } = actorOf(by);
  const entry: AdminActionRecorded = {
    action,
    actor,
    origin,
    ip: 'command' in by ? null : clip(by.ip, 64),
    userAgent: clip('command' in by ? by.command : by.userAgent, 512),
    target: { type: ADMIN_ACTIONS[action].target, id: target.id, label: clip(target.label, 300) },
    details: withinLimit(details),
    occurredAt: new Date().toISOString(),
  };
  await tx.emit(subject, entry);
}

/** Who acted, as the journal names them: an administrator, an integration (its key's id and name), or the command line (nobody). */
function actorOf(by: AdminActor | IntegrationActor | CommandLineActor): Pick<AdminActionRecorded, 'actor' | 'origin'> {
  if ('command' in by) return { actor: { userId: null, name: null, email: null }, origin: 'command-line' };
  if ('integration' in by) return { actor: { userId: by.integration.keyId, name: clip(by.integration.name, 200), email: null }, origin: 'integration' };
  return { actor: { userId: by.userId, name: clip(by.name, 200), email: clip(by.email, 320) }, origin: 'back-office' };
}

/**
 * The fields that differ between two states, as `{ field: { before, after } }` (JSON-compared),
 * among `keys` when given: an update's details for the journal. Leave secrets out of both states.
 */
export function changedFields<T extends object>(before: T, after: Partial<T>, keys?: ReadonlyArray<keyof T & string>): Record<string, JournalJson> {
  const out: Record<string, JournalJson> = {};
  const then = before as Record<string, unknown>;
  const later = after as Record<string, unknown>;
  for (const key of keys ?? (Object.keys(after) as Array<keyof T & string>)) {
    if (!(key in after)) continue;
    const was = asJson(then[key]);
    const now = asJson(later[key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) out[key] = { before: was, after: now };
  }
  return out;
}

/** A text longer than this (an article's body) is kept as its beginning and its length. */
const LONG_TEXT = 200;

function asJson(value: unknown): JournalJson {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > LONG_TEXT) return `${value.slice(0, LONG_TEXT)}… (${value.length} caractères)`;
  return JSON.parse(JSON.stringify(value)) as JournalJson;
}

/** Details past the contract's size keep only the names of what changed, so the action is still recorded. */
function withinLimit(details: Record<string, JournalJson>): Record<string, JournalJson> {
  if (JSON.stringify(details).length <= ADMIN_ACTION_DETAILS_MAX_CHARS) return details;
  return { fields: Object.keys(details).slice(0, 50), truncated: true };
}
