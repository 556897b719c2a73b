import type { EventData } from '@lbf/proto-events';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';
import { defineModule, type ModuleParts } from './module';
import type { JobMap } from './queues';
import type { Tx } from './tx';
import { idempotentConsumers } from './consumers';
import type { UnitOfWork } from './unit-of-work';

/**
 * Account deletion (issue 23 point 3): what every service does when identity announces
 * `identity.user.deleted`, written once. Each service says what it erases or pseudonymises (its
 * `erase`); the kit runs it once per event (the inbox, in the same transaction), then forgets the
 * copies of the person's data its event tables keep (sent outbox rows, parked events), and logs the
 * counts. A service that was down when identity published erases when it comes back (a durable
 * consumer resumes where it stood); a redelivered event finds its inbox row and changes nothing.
 */

/** What a deleted person is called where a record must stay (an order, a message they sent as an administrator). */
export const ERASED_NAME = 'Compte supprimé';

/**
 * A pseudonym for one deleted person in one service: random, so that nothing links it back to
 * them, and the same on every row of theirs that the service keeps (the orders of one buyer).
 */
export function erasedTag(): string {
  return randomBytes(6).toString('hex');
}

/** The address that replaces a deleted person's where a record needs one (an order's buyer). `.invalid` is never delivered (RFC 2606). */
export function erasedEmail(tag: string): string {
  return `compte-supprime-${tag}@lbf.invalid`;
}

export type UserDeleted = EventData<'identity.user.deleted'>;

/** What a service's erasure did: counts for the log, and what else names the person in its event tables (addresses, ids). */
export interface Erasure {
  counts: Record<string, number>;
  /** Strings beside the user's id whose presence in an outbox or parked row makes it theirs (e.g. their e-mail). */
  mentions?: string[];
}

/** Shorter strings than this are never searched for (a two-letter name would match parts of unrelated words). */
const SHORTEST_MENTION = 3;

/** What replaces a deleted person's data inside a text that stays (a provider's answer, a mail's subject). */
export const SCRUBBED = '[supprimé]';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every occurrence of one of `needles` (case ignored; longest first, so a whole name goes before its parts) replaced by SCRUBBED. */
export function scrubText(text: string, needles: readonly string[]): string {
  const usable = [...new Set(needles.filter((n) => n.trim().length >= SHORTEST_MENTION))].sort((a, b) => b.length - a.length);
  if (!usable.length) return text;
  return text.replace(new RegExp(usable.map(escapeRegExp).join('|'), 'giu'), SCRUBBED);
}

/**
 * The service's event tables forget a person: sent outbox rows that mention them are deleted (only
 * the relay needed them; one not sent yet still has to reach its consumers, who erase in turn), and
 * parked events that mention them lose their content (the row stays, redacted, as the trace that
 * something was parked). Case is ignored.
 */
export async function forgetEventsAbout(manager: EntityManager, mentions: readonly string[]): Promise<{ outbox: number; parked: number }> {
  const needles = [...new Set(mentions.map((m) => m.trim().toLowerCase()).filter((m) => m.length >= SHORTEST_MENTION))];
  if (!needles.length) return { outbox: 0, parked: 0 };
  const mentioned = (column: string) => `EXISTS (SELECT 1 FROM unnest($1::text[]) AS n WHERE position(n IN lower(${column})) > 0)`;
  const [, outbox] = (await manager.query(`DELETE FROM outbox WHERE sent_at IS NOT NULL AND ${mentioned('envelope::text')}`, [needles])) as [unknown, number];
  const [, parked] = (await manager.query(
    `UPDATE parked_events SET envelope = NULL, raw = NULL, error = 'content redacted: the account was deleted', redacted_at = now()
     WHERE ${mentioned(`coalesce(envelope::text, '') || coalesce(raw, '') || error`)}`,
    [needles],
  )) as [unknown, number];
  return { outbox, parked };
}

/** The durable of a service's erasure. Stored by NATS: never rename. */
export const userDeletedConsumer = (service: string) => `${service}-user-deleted`;

/**
 * A service's erasure room: `identity.user.deleted` → `erase` (what the service holds about the
 * person, in the inbox's transaction) → its event tables forget them. Throwing in `erase` rolls all
 * of it back and the event is redelivered (after the broker's redeliveries, parked), so an erasure
 * that touches something outside the database (objects in storage) does it inside `erase`, where a
 * failure means "again later".
 */
export function userErasureModule<J extends JobMap = JobMap>(
  service: string,
  deps: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number },
  erase: (user: UserDeleted, tx: Tx) => Promise<Erasure>,
): ModuleParts<J> {
  return defineModule<J>({
    name: 'erasure',
    consumers: idempotentConsumers(deps, { 'identity.user.deleted': userDeletedConsumer(service) }, {
      'identity.user.deleted': async ({ data }, tx) => {
        const erased = await erase(data, tx);
        const events = await forgetEventsAbout(tx.manager, [data.userId, ...(erased.mentions ?? [])]);
        deps.log.info({ userId: data.userId, ...erased.counts, outboxRows: events.outbox, parkedRedacted: events.parked }, `${service}: a deleted account's data erased`);
      },
    }),
  });
}
