import { afterCommit, type Tx } from '@lbf/service-kit';
import type { EventData, EventSubject } from '@lbf/proto-events';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import { normaliseEmail } from '../shared/email';
import { findUser } from '../users';
import { dispatchMail, queueMail } from './outbound';
import { applySiteSettings } from './site-settings';
import type { TemplateData } from './template-data';

/** Durable names, stored in NATS: never rename. */
export const MAIL_CONSUMERS = {
  'identity.password_reset.requested': 'messaging-password-reset',
  'commerce.purchase.completed': 'messaging-purchase-receipt',
  'catalogue.settings.updated': 'messaging-site-settings',
} as const satisfies Partial<Record<EventSubject, string>>;

/** Queues a mail in the consumer's transaction (with its inbox row) and dispatches it once that commits. */
async function queueAndDispatch<P extends keyof TemplateData>(
  deps: MessagingDeps,
  tx: Tx,
  input: { purpose: P; dedupeKey: string; to: string; subject: string; data: TemplateData[P] },
): Promise<void> {
  const id = await queueMail(tx.manager, input);
  if (id) await afterCommit(tx.manager, () => dispatchMail(deps, [id]));
}

/** The welcome mail, in the transaction that records a registration (the users module calls it). */
export function welcomeOnSignUp(deps: MessagingDeps) {
  return async (tx: Tx, data: EventData<'identity.user.registered'>): Promise<void> => {
    // The welcome mail is for people who signed up, not accounts an administrator made on the server.
    if (data.origin !== 'sign-up') return;
    await queueAndDispatch(deps, tx, {
      purpose: 'welcome',
      dedupeKey: data.userId,
      to: normaliseEmail(data.email),
      subject: 'Bienvenue',
      data: { firstName: data.firstName },
    });
  };
}

async function purchaseReceipt(deps: MessagingDeps, data: EventData<'commerce.purchase.completed'>, tx: Tx): Promise<void> {
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
}

/** The mail module's consumers: the reset link, the receipt, and the site settings mails show. */
export function mailConsumers(deps: MessagingDeps) {
  return idempotentConsumers(deps, MAIL_CONSUMERS, {
    'identity.password_reset.requested': async ({ id, data }, tx) => {
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
    'commerce.purchase.completed': ({ data }, tx) => purchaseReceipt(deps, data, tx),
    'catalogue.settings.updated': ({ data }, tx) => applySiteSettings(tx.manager, data),
  });
}
