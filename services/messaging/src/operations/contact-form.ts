import { UserError } from '@lbf/service-kit';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CONTACT_CODES,
  CONTACT_SUBJECTS,
  CONTACT_TEXT,
  CONTACT_TICKET,
  contactInputSchema,
  isHoneypotFilled,
  rateLimitMessage,
  ticketWaitSeconds,
} from '../domain/contact-rules';
import { validInput } from '@lbf/service-kit';
import { emitContactAlertChange } from './contact-alerts';
import type { ContactLimits } from './contact-limits';
import type { MessagingDeps } from './deps';
import { dispatchMail, queueMail } from './outbound-mail';

export interface ContactFormDeps extends MessagingDeps {
  contactLimits: ContactLimits;
}

const ticketKey = (deps: MessagingDeps, token: string) => `${deps.redisKeyPrefix}:messaging:contact-ticket:${token}`;

/** An IP to count against when the request has none (never from the gateway in practice). */
const ipKey = (ip: string | null) => ip ?? 'unknown';

/**
 * The form opens: a random ticket kept in Redis with the server's time, for two hours. Its
 * submission must wait CONTACT_TICKET.minSeconds and may use it once.
 */
export async function openContactForm(deps: ContactFormDeps, ip: string | null): Promise<{ token: string; minSeconds: number }> {
  const wait = await deps.contactLimits.consume('ticketsPerIp', ipKey(ip));
  if (wait !== null) throw new UserError(CONTACT_CODES.rateLimited, CONTACT_TEXT.tooManyForms);
  const token = randomBytes(24).toString('base64url');
  await deps.redis.set(ticketKey(deps, token), String(deps.now().getTime()), 'EX', CONTACT_TICKET.ttlSeconds);
  return { token, minSeconds: CONTACT_TICKET.minSeconds };
}

/**
 * The contact form's submission. A filled honeypot is answered like a success and stores nothing.
 * Otherwise: the spec's validation, then the ticket (known, old enough), the rate limits per IP and
 * per address, the ticket used up (GETDEL, so two posts of one ticket cannot both pass), and the
 * message stored with its acknowledgement queued and its bell alert raised in the same transaction.
 */
export async function sendContactMessage(deps: ContactFormDeps, rawInput: unknown, ip: string | null): Promise<boolean> {
  const website = (rawInput as { website?: unknown } | null)?.website;
  if (typeof website === 'string' && isHoneypotFilled(website)) {
    deps.log.info({ ip }, 'contact form honeypot filled; nothing stored');
    return true;
  }
  const input = validInput(contactInputSchema, rawInput);

  const key = ticketKey(deps, input.ticket);
  const issuedAt = await deps.redis.get(key);
  if (issuedAt === null) throw new UserError(CONTACT_CODES.formExpired, CONTACT_TEXT.formExpired);
  if (ticketWaitSeconds(Number(issuedAt), deps.now().getTime()) > 0) throw new UserError(CONTACT_CODES.tooFast, CONTACT_TEXT.tooFast);

  const wait = await deps.contactLimits.consumeSend(ipKey(ip), input.email);
  if (wait !== null) throw new UserError(CONTACT_CODES.rateLimited, rateLimitMessage(wait));

  if ((await deps.redis.getdel(key)) === null) throw new UserError(CONTACT_CODES.formExpired, CONTACT_TEXT.formExpired);

  const subject = CONTACT_SUBJECTS[input.subject];
  const id = randomUUID();
  const deliveryId = await deps.uow.run(async (tx) => {
    const { manager } = tx;
    const receivedAt = deps.now();
    await manager.query(`INSERT INTO contact_messages (id, name, email, subject, message, ip, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      id,
      input.name,
      input.email,
      subject.stored,
      input.message,
      ip,
      receivedAt,
    ]);
    // It lands in the inbox unread: the back-office bell gets its alert.
    await emitContactAlertChange(tx, { id, name: input.name }, null, { readAt: null, archivedAt: null }, receivedAt);
    return queueMail(manager, {
      purpose: 'contact_acknowledgement',
      dedupeKey: id,
      to: input.email,
      subject: `Nous avons bien reçu votre message : ${subject.label}`,
      data: { name: input.name, subjectLabel: subject.label, message: input.message },
    });
  });
  await dispatchMail(deps, [deliveryId]);
  return true;
}
