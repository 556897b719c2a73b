import { afterCommit, type Tx } from '@lbf/service-kit';
import type { EventData, EventSubject } from '@lbf/proto-events';
import { idempotentConsumers } from '../shared/consumers';
import type { MessagingDeps } from '../shared/deps';
import { isPlaceholderEmail, normaliseEmail } from '../shared/email';
import { findUser } from '../users';
import { dispatchMail, queueMail } from './outbound';
import { applySiteSettings } from './site-settings';
import type { TemplateData } from './template-data';

/** Durable names, stored in NATS: never rename. */
export const MAIL_CONSUMERS = {
  'identity.password_reset.requested': 'messaging-password-reset',
  'commerce.purchase.completed': 'messaging-purchase-receipt',
  'catalogue.settings.updated': 'messaging-site-settings',
  'identity.user.deletion_requested': 'messaging-deletion-requested',
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

/**
 * The receipt, to the buyer's address. Commerce sends a placeholder (.invalid) when it paid before
 * it heard of the registration: the address messaging knows for them is used, and while messaging
 * does not know them either the event waits (redelivered), so the receipt is late, never lost.
 */
async function purchaseReceipt(deps: MessagingDeps, data: EventData<'commerce.purchase.completed'>, tx: Tx): Promise<void> {
  // Paid through their « Payer pour moi » link: the requester paid nothing; their one mail is the
  // notice of who paid (pay-link-mails/), and the receipt goes to the payer.
  if (data.payLink) return;
  const user = await findUser(tx.manager, data.buyerId);
  const placeholder = isPlaceholderEmail(data.buyerEmail);
  if (placeholder && !user) throw new Error(`receipt for ${data.orderId}: buyer ${data.buyerId} has no known address yet`);
  const to = placeholder ? user!.email : normaliseEmail(data.buyerEmail);
  const firstName = user?.firstName?.trim() || data.buyerName?.trim().split(/\s+/)[0] || null;
  const fullName = data.buyerName?.trim() || [user?.firstName, user?.lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ') || null;
  await queueAndDispatch(deps, tx, {
    purpose: 'purchase_receipt',
    dedupeKey: data.orderId,
    to,
    subject: `Reçu ${data.receiptNumber}`,
    data: {
      firstName,
      buyerName: fullName,
      buyerEmail: to,
      receiptNumber: data.receiptNumber,
      orderId: data.orderId,
      itemTitle: data.itemTitle,
      itemType: data.itemType,
      amountXaf: data.amountXaf,
      amountUsdCents: data.amountUsdCents,
      promo: data.promo ?? null,
      provider: data.provider,
      operatorTransactionId: data.operatorTransactionId,
      completedAt: data.completedAt,
    },
  });
}

/** The mail module's consumers: the reset link, the receipt, the site settings mails show, and the notice of an account's deletion. */
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
    'identity.user.deletion_requested': ({ id, data }, tx) => deletionRequested(deps, id, data, tx),
  });
}

/**
 * A deletion of the account was asked for: the person is told when it goes and how to cancel, above
 * all when an administrator asked on their behalf (mail/templates/account-deletion.ts). Someone
 * messaging does not know (yet) gets nothing: the mail is a courtesy, the deletion happens anyway.
 */
async function deletionRequested(deps: MessagingDeps, eventId: string, data: EventData<'identity.user.deletion_requested'>, tx: Tx): Promise<void> {
  const user = await findUser(tx.manager, data.userId);
  if (!user) return deps.log.info({ userId: data.userId }, 'deletion requested for a user messaging does not know: no mail');
  await queueAndDispatch(deps, tx, {
    purpose: 'account_deletion',
    dedupeKey: eventId,
    to: user.email,
    subject: 'Suppression de votre compte',
    data: { firstName: user.firstName, scheduledFor: data.scheduledFor, byAdministrator: data.requestedBy !== null },
  });
}
