import type { CountryCode } from 'libphonenumber-js/max';
import { messages } from '../shared/messages';

/**
 * libphonenumber-js with its full metadata, loaded on the first number read rather than at boot (a
 * restarted service answers sooner, issue 22 §5); require() keeps it after the first call.
 */
function phoneNumbers(): typeof import('libphonenumber-js/max') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('libphonenumber-js/max') as typeof import('libphonenumber-js/max');
}
export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string; field: 'phoneNumber' | 'phoneCountry' };

/**
 * The sign-up's phone: a country (ISO alpha-2, as the dial-code picker sends) and the digits typed
 * after the dial code. Returns E.164. Spaces are tolerated; anything else but digits is refused,
 * except a leading + or 00: a number typed with its country code (+237 677 12 34 56, 00237…) is
 * that country's whatever the picker says (the web app reads it the same way:
 * web/src/lib/phone-country.ts), so a Cameroonian number is never stored as a French one.
 */
export function normalisePhone(country: string, digits: string): PhoneResult {
  const number = digits.replace(/\s+/g, '');
  const { isSupportedCountry, parsePhoneNumberFromString } = phoneNumbers();
  if (!number) return { ok: false, field: 'phoneNumber', message: messages.required };
  const international = /^(?:\+|00)(\d+)$/.exec(number);
  if (international) {
    const parsed = parsePhoneNumberFromString(`+${international[1]}`);
    if (!parsed || !parsed.isValid()) return { ok: false, field: 'phoneNumber', message: messages.phoneInvalid };
    return { ok: true, e164: parsed.number };
  }
  const cc = country.trim().toUpperCase();
  if (!isSupportedCountry(cc)) return { ok: false, field: 'phoneCountry', message: messages.countryInvalid };
  if (!/^\d+$/.test(number)) return { ok: false, field: 'phoneNumber', message: messages.phoneDigitsOnly };
  const parsed = parsePhoneNumberFromString(number, cc as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, field: 'phoneNumber', message: messages.phoneInvalid };
  return { ok: true, e164: parsed.number };
}

/** A full international number (the admin command's --phone), or null when it is not one. */
export function parseInternationalPhone(value: string): string | null {
  const parsed = phoneNumbers().parsePhoneNumberFromString(value.replace(/\s+/g, ''));
  return parsed && parsed.isValid() ? parsed.number : null;
}
