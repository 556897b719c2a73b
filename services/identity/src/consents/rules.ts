import { CONSENT_VERSIONS, type ConsentKind, type ConsentSource } from '@lbf/proto-events';
import { z } from 'zod';
import type { Consent, ConsentKind as ConsentKindGql, ConsentSource as ConsentSourceGql } from '../generated/graphql';
import type { ConsentRow } from './store';

/** The consents' pure rules: the SDL's enums and the stored names, what a consent reads as, what may be asked. */

const KIND_OF: Record<ConsentKind, ConsentKindGql> = { terms: 'TERMS', privacy: 'PRIVACY', health_data: 'HEALTH_DATA' };
const SOURCE_OF: Record<ConsentSource, ConsentSourceGql> = { 'sign-up': 'SIGN_UP', account: 'ACCOUNT', purchase: 'PURCHASE' };

export function consentView(row: ConsentRow): Consent {
  return {
    kind: KIND_OF[row.kind],
    version: row.version,
    givenAt: row.given_at.toISOString(),
    withdrawnAt: row.withdrawn_at ? row.withdrawn_at.toISOString() : null,
    source: SOURCE_OF[row.source],
  };
}

/** What a new consent of this kind records: the version in force (proto-events' consent-documents.ts), where and when. */
export function newConsent(kind: ConsentKind, source: ConsentSource, at: Date) {
  return { kind, version: CONSENT_VERSIONS[kind], source, at };
}

/** What the sign-up records: the terms and the privacy notice always (the form refuses otherwise), health data when ticked. */
export function signUpConsents(healthData: boolean): ConsentKind[] {
  return healthData ? ['terms', 'privacy', 'health_data'] : ['terms', 'privacy'];
}

/**
 * setHealthDataConsent's input: given or withdrawn, from « Mes données » (ACCOUNT) or the payment
 * dialog (PURCHASE); the sign-up records its own, never through this.
 */
export const healthDataConsentInput = z.object({
  given: z.boolean(),
  source: z
    .enum(['ACCOUNT', 'PURCHASE'], { message: 'Origine du consentement inconnue.' })
    .nullish()
    .transform((s): ConsentSource => (s === 'PURCHASE' ? 'purchase' : 'account')),
});
