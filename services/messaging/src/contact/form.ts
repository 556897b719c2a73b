import { ok, parseInput, type Result } from '@lbf/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import { dispatchMail, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { refusal } from '../shared/errors';
import { emitContactAlertChange } from './alerts';
import type { ContactLimits } from './limits';
import { CONTACT_SUBJECTS, CONTACT_TEXT, CONTACT_TICKET, contactInputSchema, isHoneypotFilled, rateLimitMessage, ticketWaitSeconds, type ContactInputValid } from './rules';
import { insertContactMessage } from './store';
import { queueWebhookEvent } from '../webhooks';

export interface ContactFormDeps extends MessagingDeps {
  contactLimits: ContactLimits;
}

const ticketKey = (deps: MessagingDeps, token: string) => `${deps.config.redisKeyPrefix}:messaging:contact-ticket:${token}`;

/** An IP to count against when the request has none (never from the gateway in practice). */
const ipKey = (ip: string | null) => ip ?? 'unknown';

/**
 * The form opens: a random ticket kept in Redis with the server's time, for two hours. Its
 * submission must wait CONTACT_TICKET.minSeconds and may use it once.
 */
export async function openContactForm(deps: ContactFormDeps, ip: string | null): Promise<Result<{ token: string; minSeconds: number }>> {
  const wait = await deps.contactLimits.consume('ticketsPerIp', ipKey(ip));
  if (wait !== null) return refusal('RATE_LIMITED', CONTACT_TEXT.tooManyForms);
  const token = randomBytes(24).toString('base64url');
  await deps.redis.set(ticketKey(deps, token), String(deps.now().getTime()), 'EX', CONTACT_TICKET.ttlSeconds);
  return ok({ token, minSeconds: CONTACT_TICKET.minSeconds });
}

/**
 * The contact form's submission. A filled honeypot is answered like a success and stores nothing.
 * Otherwise: the spec's validation, then the ticket (known, old enough), the rate limits per IP and
 * per address, the ticket used up (GETDEL, so two posts of one ticket cannot both pass), and the
 * message stored with its acknowledgement queued and its bell alert raised in the same transaction.
 */
export async function sendContactMessage(deps: ContactFormDeps, rawInput: unknown, ip: string | null): Promise<Result<boolean>> {
  const website = (rawInput as { website?: unknown } | null)?.website;
  if (typeof website === 'string' && isHoneypotFilled(website)) {
    deps.log.info({ ip }, 'contact form honeypot filled; nothing stored');
    return ok(true);
  }
  const parsed = parseInput(contactInputSchema, rawInput);
  if (!parsed.ok) return parsed;
  const input = parsed.value;

  const key = ticketKey(deps, input.ticket);
  const issuedAt = await deps.redis.get(key);
  if (issuedAt === null) return refusal('FORM_EXPIRED', CONTACT_TEXT.formExpired);
  if (ticketWaitSeconds(Number(issuedAt), deps.now().getTime()) > 0) return refusal('TOO_FAST', CONTACT_TEXT.tooFast);

  const wait = await deps.contactLimits.consumeSend(ipKey(ip), input.email);
  if (wait !== null) return refusal('RATE_LIMITED', rateLimitMessage(wait));

  if ((await deps.redis.getdel(key)) === null) return refusal('FORM_EXPIRED', CONTACT_TEXT.formExpired);

  await dispatchMail(deps, [await storeContactMessage(deps, input, ip)]);
  return ok(true);
}

/** The message, its bell alert and its acknowledgement's delivery row, in one transaction; the delivery's id. */
async function storeContactMessage(deps: MessagingDeps, input: ContactInputValid, ip: string | null): Promise<string | null> {
  const subject = CONTACT_SUBJECTS[input.subject];
  const id = randomUUID();
  return deps.uow.run(async (tx) => {
    const receivedAt = deps.now();
    await insertContactMessage(tx.manager, { id, name: input.name, email: input.email, subject: subject.stored, message: input.message, ip, receivedAt });
    // It lands in the inbox unread: the back-office bell gets its alert.
    await emitContactAlertChange(tx, { id, name: input.name }, null, { readAt: null, archivedAt: null }, receivedAt);
    // Webhooks: that a message came and about what, never who wrote it or what it says.
    const at = receivedAt.toISOString();
    await queueWebhookEvent(deps, tx.manager, { eventId: id, type: 'contact.message_received', occurredAt: at, data: { messageId: id, subject: input.subject, receivedAt: at } });
    return queueMail(tx.manager, {
      purpose: 'contact_acknowledgement',
      dedupeKey: id,
      to: input.email,
      subject: `Nous avons bien reçu votre message : ${subject.label}`,
      data: { name: input.name, subjectLabel: subject.label, message: input.message },
    });
  });
}
