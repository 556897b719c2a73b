import { ERASED_NAME, erasedEmail, erasedTag, scrubText, type Erasure, type UserDeleted } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { buyerNeedles, scrubBody, scrubJson } from './rules';
import { buyerFootprint, buyerTexts, pseudonymiseBuyer, rawExchanges, rewriteAnswer, rewriteNotification, rewriteText } from './store';

/**
 * A deleted account, as commerce forgets it: orders and receipts are KEPT for the legal period
 * (RETENTION.orderYears) with the buyer pseudonymised: name « Compte supprimé », an address of
 * their own that is never delivered (one pseudonym per buyer, so their orders still read as one
 * buyer's), no phone on their attempts and claims; the providers' raw answers and notifications
 * about their attempts, and the free texts of their orders (reasons, payment page URLs, claim
 * messages), are scrubbed of their address, names and phones. Amounts, items, receipt numbers,
 * operators' transactions and dates stay. Runs once per event (the kit's inbox).
 */
export async function eraseBuyer(manager: EntityManager, user: UserDeleted): Promise<Erasure> {
  const found = await buyerFootprint(manager, user.userId);
  const all = buyerNeedles(found);
  const counts = await pseudonymiseBuyer(manager, user.userId, { email: erasedEmail(erasedTag()), name: ERASED_NAME });
  counts.texts = await scrubTexts(manager, user.userId, all);
  const { answers, notifications } = await rawExchanges(manager, found.attemptIds);
  for (const a of answers) await rewriteAnswer(manager, a.id, scrubJson(a.body, all));
  for (const n of notifications) await rewriteNotification(manager, n.id, scrubBody(n.raw_body, all), scrubJson(n.headers, all));
  counts.providerExchanges = answers.length;
  counts.notifications = notifications.length;
  return { counts, mentions: [...found.emails, ...found.phones] };
}

async function scrubTexts(manager: EntityManager, userId: string, needles: readonly string[]): Promise<number> {
  let changed = 0;
  for (const t of await buyerTexts(manager, userId)) {
    const scrubbed = scrubText(t.text, needles);
    if (scrubbed === t.text) continue;
    await rewriteText(manager, t.tbl, t.col, t.id, scrubbed);
    changed += 1;
  }
  return changed;
}
