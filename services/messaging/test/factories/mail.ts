import { randomUUID } from 'node:crypto';
import { dispatchMail, queueMail, type QueueMailInput, type TemplateData } from '../../src/mail';
import type { MailPurpose } from '../../src/mail/template-data';
import type { MessagingHarness } from '../harness';

/** The mail module's factories: delivery rows queued as a module would queue them. */

/**
 * A delivery row written through the mail module (a fresh dedupe key unless given), dispatched to
 * `send-mail` unless `dispatch: false`; its id.
 */
export async function queueDelivery<P extends MailPurpose>(
  ctx: MessagingHarness,
  input: Omit<QueueMailInput<P>, 'dedupeKey' | 'subject'> & { dedupeKey?: string; subject?: string; data: TemplateData[P] },
  opts: { dispatch?: boolean } = {},
): Promise<string> {
  const id = await ctx.app.deps.uow.run(({ manager }) =>
    queueMail(manager, { ...input, dedupeKey: input.dedupeKey ?? randomUUID(), subject: input.subject ?? 'sujet' } as QueueMailInput<P>),
  );
  if (!id) throw new Error(`delivery ${input.purpose}/${input.dedupeKey} already queued`);
  if (opts.dispatch ?? true) await dispatchMail(ctx.app.deps, [id]);
  return id;
}
