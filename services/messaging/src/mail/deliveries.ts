import type { AdminActor, Result } from '@lbf/service-kit';
import { ok, parseInput, recordAdminAction } from '@lbf/service-kit';
import { z } from 'zod';
import type { MailDelivery, MailDeliveryPage } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { refusal } from '../shared/errors';
import { redispatchMail } from './jobs';
import { MAIL_PURPOSES, MAIL_STATUSES, MAIL_TEXT } from './rules';
import { deliveryExists, listDeliveries, requeueFailed, type DeliveryListRow } from './store';

/** The back-office's deliveries list and retrying a failed mail (administrators; the resolver checks). */

/** The stored values (rules.ts) as the GraphQL enums spell them (MailStatus, MailPurpose). */
const inEnumCase = <T extends string>(values: readonly T[]) => values.map((v) => v.toUpperCase() as Uppercase<T>);

export const deliveriesArgs = z.object({
  status: z.enum(inEnumCase(MAIL_STATUSES)).nullish(),
  purpose: z.enum(inEnumCase(MAIL_PURPOSES)).nullish(),
  search: z.string().max(254).nullish(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});

export function deliveryView(r: DeliveryListRow): MailDelivery {
  return {
    id: r.id,
    purpose: r.purpose.toUpperCase() as MailDelivery['purpose'],
    recipient: r.recipient,
    subject: r.subject,
    status: r.status.toUpperCase() as MailDelivery['status'],
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  };
}

/** Newest first; `search` matches the recipient (case-insensitive substring). */
export async function listMailDeliveries(deps: Pick<MessagingDeps, 'ds'>, rawArgs: unknown): Promise<Result<MailDeliveryPage>> {
  const args = parseInput(deliveriesArgs, rawArgs);
  if (!args.ok) return args;
  const a = args.value;
  const size = Math.min(Math.max(a.pageSize, 1), 100);
  const current = Math.max(a.page, 1);
  const { rows, total } = await listDeliveries(deps.ds.manager, a, size, (current - 1) * size);
  return ok({ items: rows.map(deliveryView), total, page: current, pageSize: size });
}

/** A FAILED delivery back to 'queued' and dispatched again (a new attempt on the same row, same Message-ID). */
export async function retryMailDelivery(deps: MessagingDeps, admin: AdminActor, id: string): Promise<Result<MailDelivery>> {
  if (!z.uuid().safeParse(id).success) return refusal('NOT_FOUND', MAIL_TEXT.deliveryNotFound);
  const row = await deps.uow.run(async (tx) => {
    const requeued = await requeueFailed(tx.manager, id);
    if (requeued) await recordAdminAction(tx, admin, 'mail.resent', { id, label: `${requeued.subject} — ${requeued.recipient}` }, { purpose: requeued.purpose, lastError: requeued.last_error });
    return requeued;
  });
  if (!row) {
    return (await deliveryExists(deps.ds.manager, id)) ? refusal('NOT_RETRYABLE', MAIL_TEXT.onlyFailedRetry) : refusal('NOT_FOUND', MAIL_TEXT.deliveryNotFound);
  }
  await redispatchMail(deps, [row.id]);
  return ok(deliveryView(row));
}
