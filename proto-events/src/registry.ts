import type { z } from 'zod';
import { analyticsCountersUpdated } from './events/analytics-counters-updated';
import { analyticsPageVisited } from './events/analytics-page-visited';
import { catalogueItemDeleted } from './events/catalogue-item-deleted';
import { catalogueItemPublished } from './events/catalogue-item-published';
import { catalogueItemUpdated } from './events/catalogue-item-updated';
import { cataloguePdfDownloaded } from './events/catalogue-pdf-downloaded';
import { identityPasswordResetRequested } from './events/identity-password-reset-requested';
import { identityUserBanned } from './events/identity-user-banned';
import { identityUserRegistered } from './events/identity-user-registered';

/**
 * The contract: one entry per subject at its current version. A breaking change to a payload is a
 * new version (kept beside the old one while messages of it may be stored), never a rename.
 */
export const events = {
  [identityUserRegistered.subject]: identityUserRegistered,
  [identityUserBanned.subject]: identityUserBanned,
  [identityPasswordResetRequested.subject]: identityPasswordResetRequested,
  [analyticsPageVisited.subject]: analyticsPageVisited,
  [analyticsCountersUpdated.subject]: analyticsCountersUpdated,
  [catalogueItemPublished.subject]: catalogueItemPublished,
  [catalogueItemUpdated.subject]: catalogueItemUpdated,
  [catalogueItemDeleted.subject]: catalogueItemDeleted,
  [cataloguePdfDownloaded.subject]: cataloguePdfDownloaded,
} as const;

export type EventSubject = keyof typeof events;
export type EventData<S extends EventSubject> = z.infer<(typeof events)[S]['schema']>;

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.prototype.hasOwnProperty.call(events, subject);
}
