import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { messages } from './messages';

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string; field: 'phoneNumber' | 'phoneCountry' };

/**
 * The sign-up's phone: a country (ISO alpha-2, as the dial-code picker sends) and the digits typed
 * after the dial code. Returns E.164. Spaces are tolerated; anything else but digits is refused.
 */
export function normalisePhone(country: string, digits: string): PhoneResult {
  const cc = country.trim().toUpperCase();
  if (!isSupportedCountry(cc)) return { ok: false, field: 'phoneCountry', message: messages.countryInvalid };
  const number = digits.replace(/\s+/g, '');
  if (!number) return { ok: false, field: 'phoneNumber', message: messages.required };
  if (!/^\d+$/.test(number)) return { ok: false, field: 'phoneNumber', message: messages.phoneDigitsOnly };
  const parsed = parsePhoneNumberFromString(number, cc as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, field: 'phoneNumber', message: messages.phoneInvalid };
  return { ok: true, e164: parsed.number };
}

/** A full international number (the admin command's --phone), or null when it is not one. */
export function parseInternationalPhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''));
  return parsed && parsed.isValid() ? parsed.number : null;
}
