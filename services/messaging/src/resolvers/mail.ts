import { requireAdmin, UserError, validArgs, withUserErrors } from '@lbf/service-kit';
import { z } from 'zod';
import { MAIL_MESSAGES } from '../domain/mail-messages';
import type { MailDelivery, Resolvers } from '../generated/graphql';
import { redispatchMail } from '../jobs/mail-jobs';
import { deliveryView, listMailDeliveries, updateReturning, type DeliveryRow } from '../operations/deliver';
import type { MessagingDeps } from '../operations/deps';

const listArgs = z.object({
  status: z.enum(['QUEUED', 'SENDING', 'SENT', 'FAILED', 'SUPPRESSED']).nullish(),
  purpose: z
    .enum(['PASSWORD_RESET', 'WELCOME', 'PURCHASE_RECEIPT', 'CONTACT_ACKNOWLEDGEMENT', 'CONTACT_REPLY', 'NEWSLETTER_CONFIRMATION', 'NEWSLETTER_CAMPAIGN', 'NEWSLETTER_TEST'])
    .nullish(),
  search: z.string().max(254).nullish(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});

/** A FAILED delivery back to 'queued' and dispatched again (a new attempt on the same row, same Message-ID). */
export async function retryMailDelivery(deps: MessagingDeps, id: string): Promise<MailDelivery> {
  if (!z.uuid().safeParse(id).success) throw new UserError('NOT_FOUND', MAIL_MESSAGES.deliveryNotFound);
  const [row] = await updateReturning<DeliveryRow>(
    deps.ds.manager,
    `UPDATE mail_deliveries SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'failed' RETURNING *`,
    [id],
  );
  if (!row) {
    const exists = (await deps.ds.query(`SELECT 1 FROM mail_deliveries WHERE id = $1`, [id])) as unknown[];
    throw exists.length ? new UserError('NOT_RETRYABLE', MAIL_MESSAGES.onlyFailedRetry) : new UserError('NOT_FOUND', MAIL_MESSAGES.deliveryNotFound);
  }
  await redispatchMail(deps, [row.id]);
  return deliveryView(row) as MailDelivery;
}

/** The mail part's GraphQL: the back-office's deliveries list and retry. Administrators only. */
export function mailResolvers(deps: MessagingDeps): Resolvers {
  return {
    Query: {
      adminMailDeliveries: async (_p, args, ctx) => {
        requireAdmin(ctx);
        const a = validArgs(listArgs, args);
        const page = await listMailDeliveries(deps, a, a.page, a.pageSize);
        return { ...page, items: page.items as MailDelivery[] };
      },
    },
    Mutation: {
      adminRetryMailDelivery: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return withUserErrors('delivery', () => retryMailDelivery(deps, id));
      },
    },
  };
}
