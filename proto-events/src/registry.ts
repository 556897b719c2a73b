import type { z } from 'zod';
import {
  catalogueAdminAlertCleared,
  catalogueAdminAlertRaised,
  commerceAdminAlertCleared,
  commerceAdminAlertRaised,
  messagingAdminAlertCleared,
  messagingAdminAlertRaised,
} from './events/admin-alerts';
import {
  catalogueAdminActionRecorded,
  commerceAdminActionRecorded,
  identityAdminActionRecorded,
  messagingAdminActionRecorded,
} from './events/admin-action-recorded';
import { analyticsCountersUpdated } from './events/analytics-counters-updated';
import { analyticsPageVisited } from './events/analytics-page-visited';
import { catalogueItemDeleted } from './events/catalogue-item-deleted';
import { catalogueItemPublished } from './events/catalogue-item-published';
import { catalogueItemUpdated } from './events/catalogue-item-updated';
import { catalogueSettingsUpdated } from './events/catalogue-settings-updated';
import { cataloguePdfDownloaded } from './events/catalogue-pdf-downloaded';
import { catalogueReviewSubmitted } from './events/catalogue-review-submitted';
import { catalogueVideoViewed } from './events/catalogue-video-viewed';
import { commerceGiftClaimed, commerceGiftSent } from './events/commerce-gift';
import { commercePurchaseCompleted } from './events/commerce-purchase-completed';
import { commercePurchaseFailed } from './events/commerce-purchase-failed';
import { commercePurchaseRefunded } from './events/commerce-purchase-refunded';
import { identityPasswordResetRequested } from './events/identity-password-reset-requested';
import { identityUserBanned } from './events/identity-user-banned';
import { identityUserConsentChanged } from './events/identity-user-consent-changed';
import { identityUserDeleted, identityUserDeletionCancelled, identityUserDeletionRequested } from './events/identity-user-deletion';
import { identityUserUnbanned } from './events/identity-user-unbanned';
import { identityUserRegistered } from './events/identity-user-registered';
import { messagingNewsletterSubscribed } from './events/messaging-newsletter-subscribed';
import {
  analyticsUserExportPartReady,
  catalogueUserExportPartReady,
  commerceUserExportPartReady,
  identityUserExportPartReady,
  identityUserExportRequested,
  messagingUserExportFailed,
  messagingUserExportPartReady,
} from './events/user-data-export';

/**
 * The contract: subject -> { current version and its schema, past versions with their schemas and
 * upcasters, sensitivity }. A breaking change to a payload is a new version (the old one kept,
 * with an upcaster, while messages of it may be stored or parked), never a rename. Producers
 * always write the current version; consumers receive the current version whatever was stored.
 */
export const events = {
  [identityUserRegistered.subject]: identityUserRegistered,
  [identityUserBanned.subject]: identityUserBanned,
  [identityUserUnbanned.subject]: identityUserUnbanned,
  [identityUserConsentChanged.subject]: identityUserConsentChanged,
  [identityPasswordResetRequested.subject]: identityPasswordResetRequested,
  [identityUserDeletionRequested.subject]: identityUserDeletionRequested,
  [identityUserDeletionCancelled.subject]: identityUserDeletionCancelled,
  [identityUserDeleted.subject]: identityUserDeleted,
  [identityUserExportRequested.subject]: identityUserExportRequested,
  [identityUserExportPartReady.subject]: identityUserExportPartReady,
  [catalogueUserExportPartReady.subject]: catalogueUserExportPartReady,
  [commerceUserExportPartReady.subject]: commerceUserExportPartReady,
  [messagingUserExportPartReady.subject]: messagingUserExportPartReady,
  [analyticsUserExportPartReady.subject]: analyticsUserExportPartReady,
  [messagingUserExportFailed.subject]: messagingUserExportFailed,
  [analyticsPageVisited.subject]: analyticsPageVisited,
  [analyticsCountersUpdated.subject]: analyticsCountersUpdated,
  [catalogueItemPublished.subject]: catalogueItemPublished,
  [catalogueItemUpdated.subject]: catalogueItemUpdated,
  [catalogueItemDeleted.subject]: catalogueItemDeleted,
  [cataloguePdfDownloaded.subject]: cataloguePdfDownloaded,
  [catalogueReviewSubmitted.subject]: catalogueReviewSubmitted,
  [catalogueVideoViewed.subject]: catalogueVideoViewed,
  [catalogueSettingsUpdated.subject]: catalogueSettingsUpdated,
  [commercePurchaseCompleted.subject]: commercePurchaseCompleted,
  [commercePurchaseFailed.subject]: commercePurchaseFailed,
  [commercePurchaseRefunded.subject]: commercePurchaseRefunded,
  [commerceGiftSent.subject]: commerceGiftSent,
  [commerceGiftClaimed.subject]: commerceGiftClaimed,
  [messagingNewsletterSubscribed.subject]: messagingNewsletterSubscribed,
  [messagingAdminAlertRaised.subject]: messagingAdminAlertRaised,
  [messagingAdminAlertCleared.subject]: messagingAdminAlertCleared,
  [commerceAdminAlertRaised.subject]: commerceAdminAlertRaised,
  [commerceAdminAlertCleared.subject]: commerceAdminAlertCleared,
  [catalogueAdminAlertRaised.subject]: catalogueAdminAlertRaised,
  [catalogueAdminAlertCleared.subject]: catalogueAdminAlertCleared,
  [identityAdminActionRecorded.subject]: identityAdminActionRecorded,
  [catalogueAdminActionRecorded.subject]: catalogueAdminActionRecorded,
  [commerceAdminActionRecorded.subject]: commerceAdminActionRecorded,
  [messagingAdminActionRecorded.subject]: messagingAdminActionRecorded,
} as const;

export type EventSubject = keyof typeof events;
export type EventData<S extends EventSubject> = z.infer<(typeof events)[S]['schema']>;

/** Subjects whose payload carries a secret: their outbox rows are deleted once published, their messages purged early. */
export function sensitiveSubjects(): Array<{ subject: EventSubject; retentionMs: number }> {
  return Object.values(events).flatMap((def) => (def.sensitive ? [{ subject: def.subject as EventSubject, retentionMs: def.sensitive.retentionMs }] : []));
}

export function isSensitiveSubject(subject: string): boolean {
  return isEventSubject(subject) && events[subject].sensitive !== null;
}

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.prototype.hasOwnProperty.call(events, subject);
}
