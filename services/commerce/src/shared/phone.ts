import type { PaymentProviderName } from '@lbf/service-kit';
import type { MobileOperator } from '../entities';

/** libphonenumber-js, loaded on the first number read rather than at boot (a restarted service answers sooner, issue 22 §5). */
function phoneNumbers(): typeof import('libphonenumber-js') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('libphonenumber-js') as typeof import('libphonenumber-js');
}

/** MTN MoMo's sandbox test numbers (MSISDN digits), accepted only while MTN is on the sandbox. */
export const MTN_SANDBOX_MSISDNS = ['46733123450', '46733123451', '46733123452', '46733123453', '46733123454', '56733123453'] as const;

export type PhoneCheck = { ok: true; e164: string } | { ok: false };

/**
 * A customer's phone as E.164: international (+237…, 237…) or national Cameroonian digits
 * (6XXXXXXXX), checked by libphonenumber-js (default country CM). The MTN sandbox's test MSISDNs
 * are not Cameroonian; they pass only when MTN talks to the sandbox.
 */
export function normalizePhone(input: string, opts: { provider: PaymentProviderName; sandbox: boolean }): PhoneCheck {
  const raw = input.trim();
  const digits = raw.replace(/[\s().-]/g, '').replace(/^\+/, '').replace(/^00/, '');
  if (opts.sandbox && opts.provider === 'mtn' && (MTN_SANDBOX_MSISDNS as readonly string[]).includes(digits)) {
    return { ok: true, e164: `+${digits}` };
  }
  // "237699000001" without the +: read it as international when it starts with Cameroon's code.
  const candidate = /^237\d{9}$/.test(digits) ? `+${digits}` : raw;
  const parsed = phoneNumbers().parsePhoneNumberFromString(candidate, 'CM');
  if (!parsed || !parsed.isValid()) return { ok: false };
  return { ok: true, e164: parsed.number };
}

/** Digits only (MSISDN), as the providers want them. */
export function msisdn(e164: string): string {
  return e164.replace(/^\+/, '');
}

/** NotchPay's direct-charge channel for a Cameroonian number: Orange 655-659 / 69x, MTN otherwise. */
export function notchPayChannel(e164: string): 'cm.mtn' | 'cm.orange' {
  const national = e164.replace(/^\+237/, '');
  return /^(69|65[5-9])/.test(national) ? 'cm.orange' : 'cm.mtn';
}

/**
 * The network a payment's prompt goes to: Orange Money and MTN MoMo are their own; NotchPay's
 * direct charge goes to the number's network (its channel); null without a phone (NotchPay's page).
 */
export function operatorOf(provider: PaymentProviderName, phone: string | null): MobileOperator | null {
  if (provider !== 'notchpay') return provider;
  return phone ? (notchPayChannel(phone) === 'cm.orange' ? 'orange' : 'mtn') : null;
}

/** A gift recipient's number (any country, default Cameroon) as E.164, or null when it is not a valid number. */
export function recipientPhone(input: string): string | null {
  const parsed = phoneNumbers().parsePhoneNumberFromString(input.trim(), 'CM');
  return parsed && parsed.isValid() ? parsed.number : null;
}
