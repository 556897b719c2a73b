import { CONSENT_VERSIONS, type EventData } from '@lbf/proto-events';

/** An identity.user.registered payload: a new account by the sign-up form now, unless told otherwise. */
export { userRegistered as registration } from '@lbf/service-kit/testing';

/** An identity.user.consent_changed payload: the health-data consent given (or withdrawn) from « Mes données » now, unless told otherwise. */
export function consentChanged(over: { userId: string; given: boolean; changedAt?: string }): EventData<'identity.user.consent_changed'> {
  return { kind: 'health_data', version: CONSENT_VERSIONS.health_data, source: 'account', changedAt: new Date().toISOString(), ...over };
}
