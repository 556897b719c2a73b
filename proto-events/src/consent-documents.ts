/**
 * The documents a person consents to, and their current versions: the one place that says which
 * version is in force. The web app shows it as each page's « Mis à jour le » (web/src/i18n/pages/
 * terms.ts, privacy.ts import it) and identity records it with every consent it writes (sign-up,
 * « Mes données », the payment dialog), so what a person accepted and what the site showed them
 * cannot drift apart. Plain data with no import: the web app bundles this file alone.
 *
 * A version is the day the document last changed (YYYY-MM-DD). Change the text of a page, change its
 * date here in the same commit; the next consents are recorded with it, the earlier ones keep theirs.
 */
export const DOCUMENT_VERSIONS = {
  terms: '2026-11-22',
  privacy: '2026-11-27',
} as const;

/** What a consent is about: the terms of use, the privacy notice, the processing of health-related data. */
export const CONSENT_KINDS = ['terms', 'privacy', 'health_data'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where it was given: the sign-up form, « Mes données » (or the administrators' command), the payment dialog. */
export const CONSENT_SOURCES = ['sign-up', 'account', 'purchase'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * The version a consent of each kind refers to. The health-data consent refers to the privacy notice,
 * whose section « Données de santé » describes that processing and how to withdraw it.
 */
export const CONSENT_VERSIONS: { readonly [K in ConsentKind]: string } = {
  terms: DOCUMENT_VERSIONS.terms,
  privacy: DOCUMENT_VERSIONS.privacy,
  health_data: DOCUMENT_VERSIONS.privacy,
};
