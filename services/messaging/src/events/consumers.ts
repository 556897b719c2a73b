import { afterCommit, startIdempotentConsumer, type RunningConsumer } from '@lbf/service-kit';
import type { EventSubject, TypedEnvelope } from '@lbf/proto-events';
import { normaliseEmail } from '../domain/email';
import type { TemplateData } from '../mail/template-data';
import type { MessagingDeps } from '../operations/deps';
import { dispatchMail, queueMail } from '../operations/outbound-mail';
import { applySiteSettings } from '../operations/site-settings';
import { applyUserBanned, applyUserRegistered, applyUserUnbanned, findUser } from '../operations/users';
import type { Tx } from '@lbf/service-kit';

/** One durable per subject: NATS 2.9 (the one we run) gives a consumer a single filter subject. */
export const MAIL_CONSUMERS = {
  'identity.user.registered': 'messaging-users-registered',
  'identity.user.banned': 'messaging-users-banned',
  'identity.user.unbanned': 'messaging-users-unbanned',
  'identity.password_reset.requested': 'messaging-password-reset',
  'commerce.purchase.completed': 'messaging-purchase-receipt',
  'catalogue.settings.updated': 'messaging-site-settings',
} as const satisfies Partial<Record<EventSubject, string>>;
type MailSubject = keyof typeof MAIL_CONSUMERS;

type Handler<S extends MailSubject> = (deps: MessagingDeps, envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;

/** Queues a mail in the consumer's transaction (with its inbox row) and dispatches it once that commits. */
async function queueAndDispatch<P extends keyof TemplateData>(
  deps: MessagingDeps,
  tx: Tx,
  input: { purpose: P; dedupeKey: string; to: string; subject: string; data: TemplateData[P] },
): Promise<void> {
  const id = await queueMail(tx.manager, input);
  if (id) await afterCommit(tx.manager, () => dispatchMail(deps, [id]));
}

const HANDLERS: { [S in MailSubject]: Handler<S> } = {
  'identity.user.registered': async (deps, { data }, tx) => {
    await applyUserRegistered(tx.manager, data);
    // The welcome mail is for people who signed up, not accounts an administrator made on the server.
    if (data.origin !== 'sign-up') return;
    await queueAndDispatch(deps, tx, {
      purpose: 'welcome',
      dedupeKey: data.userId,
      to: normaliseEmail(data.email),
      subject: 'Bienvenue',
      data: { firstName: data.firstName },
    });
  },

  'identity.user.banned': async (_deps, envelope, tx) => {
    // Registration and ban run on separate durables: a ban that arrives first waits for it (redelivered).
    if (!(await applyUserBanned(tx.manager, envelope.data))) throw new Error(`identity.user.banned for ${envelope.data.userId}, not registered here yet`);
  },

  'identity.user.unbanned': async (_deps, envelope, tx) => {
    // Likewise waits for the registration; a ban redelivered after it (older) does not undo it.
    if (!(await applyUserUnbanned(tx.manager, envelope.data))) throw new Error(`identity.user.unbanned for ${envelope.data.userId}, not registered here yet`);
  },

  'identity.password_reset.requested': async (deps, { id, data }, tx) => {
    // A link already dead is not worth a mail (the stream keeps these events two hours).
    if (new Date(data.expiresAt).getTime() <= deps.now().getTime()) {
      deps.log.info({ eventId: id }, 'password reset expired before its mail: not sent');
      return;
    }
    await queueAndDispatch(deps, tx, {
      purpose: 'password_reset',
      dedupeKey: id,
      to: normaliseEmail(data.email),
      subject: 'Réinitialisation de votre mot de passe',
      data: { firstName: data.firstName, resetUrl: data.resetUrl, expiresAt: data.expiresAt },
    });
  },

  'commerce.purchase.completed': async (deps, { data }, tx) => {
    const user = await findUser(tx.manager, data.buyerId);
    const firstName = user?.firstName?.trim() || data.buyerName?.trim().split(/\s+/)[0] || null;
    const fullName = data.buyerName?.trim() || [user?.firstName, user?.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ') || null;
    await queueAndDispatch(deps, tx, {
      purpose: 'purchase_receipt',
      dedupeKey: data.orderId,
      to: normaliseEmail(data.buyerEmail),
      subject: `Reçu ${data.receiptNumber}`,
      data: {
        firstName,
        buyerName: fullName,
        buyerEmail: data.buyerEmail,
        receiptNumber: data.receiptNumber,
        orderId: data.orderId,
        itemTitle: data.itemTitle,
        itemType: data.itemType,
        amountXaf: data.amountXaf,
        amountUsdCents: data.amountUsdCents,
        provider: data.provider,
        operatorTransactionId: data.operatorTransactionId,
        completedAt: data.completedAt,
      },
    });
  },

  'catalogue.settings.updated': async (_deps, { data }, tx) => {
    await applySiteSettings(tx.manager, data);
  },
};

/** The mail part's consumers, each applying its event once (the kit's inbox, in the same transaction). */
export function mailConsumers(deps: MessagingDeps): Array<{ name: string; start: () => Promise<RunningConsumer> }> {
  return (Object.keys(MAIL_CONSUMERS) as MailSubject[]).map((subject) => ({
    name: MAIL_CONSUMERS[subject],
    start: () =>
      startIdempotentConsumer({
        bus: deps.bus,
        uow: deps.uow,
        log: deps.log,
        durable: MAIL_CONSUMERS[subject],
        subjects: [subject],
        maxDeliver: deps.config.eventMaxDeliver,
        handle: (envelope, tx) => (HANDLERS[subject] as Handler<typeof subject>)(deps, envelope as TypedEnvelope<typeof subject>, tx),
      }),
  }));
}
