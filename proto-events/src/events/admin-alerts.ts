import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Something that needs an administrator (the back-office bell). Three services raise and clear
 * their own alerts; analytics keeps the open ones and pushes the count live. One shape for all:
 *
 * - `alertId` is stable for the thing it is about (`contact:<messageId>`, `payment:<orderId>`,
 *   `processing:<videoId>`), so a redelivered or repeated event changes nothing, and an alert can
 *   be raised again after it was cleared (a video failing a second time).
 * - `occurredAt` orders the events of one alert: an event older than the last one applied to the
 *   same alertId is ignored (the outbox relays in order, but a redelivery may come late).
 */
export const ADMIN_ALERT_KINDS = ['contact', 'payment', 'processing'] as const;
export type AdminAlertKind = (typeof ADMIN_ALERT_KINDS)[number];

const raised = z.object({
  alertId: z.string().min(1).max(200),
  kind: z.enum(ADMIN_ALERT_KINDS),
  /** One line for the bell's list, in French, e.g. « Nouveau message de Awa Ndiaye ». */
  title: z.string().min(1).max(200),
  /** Where the bell's item leads, a path of the back-office, e.g. /admin/contact?message=<id>. */
  href: z.string().regex(/^\/admin(\/|$|\?)/).max(500),
  occurredAt: z.iso.datetime(),
});

const cleared = z.object({
  alertId: z.string().min(1).max(200),
  kind: z.enum(ADMIN_ALERT_KINDS),
  occurredAt: z.iso.datetime(),
});

/** A new contact message arrived (unread, in the inbox). Cleared when read, archived or deleted. */
export const messagingAdminAlertRaised = defineEvent({ subject: 'messaging.admin_alert.raised', version: 1, schema: raised });
export const messagingAdminAlertCleared = defineEvent({ subject: 'messaging.admin_alert.cleared', version: 1, schema: cleared });

/**
 * A payment waits for reconciliation by an administrator (commerce decides which; see its
 * operations/admin-alerts.ts). Cleared when the order completes, is granted or refunded, or the
 * administrator re-checks it and the provider gives a final answer.
 */
export const commerceAdminAlertRaised = defineEvent({ subject: 'commerce.admin_alert.raised', version: 1, schema: raised });
export const commerceAdminAlertCleared = defineEvent({ subject: 'commerce.admin_alert.cleared', version: 1, schema: cleared });

/** A video's processing job failed. Cleared when it is retried successfully or the video is deleted. */
export const catalogueAdminAlertRaised = defineEvent({ subject: 'catalogue.admin_alert.raised', version: 1, schema: raised });
export const catalogueAdminAlertCleared = defineEvent({ subject: 'catalogue.admin_alert.cleared', version: 1, schema: cleared });
