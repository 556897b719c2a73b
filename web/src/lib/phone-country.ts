import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * One rule for every phone the site asks for (sign-up and checkout): which country the dial-code
 * picker starts on, and how a typed number is read with the country it shows. The server (identity)
 * reads a number the same way (services/identity/src/accounts/phone.ts).
 */

/** The spec's default, kept as the last fallback when the browser tells nothing usable. */
export const FALLBACK_COUNTRY: CountryCode = 'FR';

/**
 * The countries a time zone is the clock of. Many African zones are links of one zone in the tz
 * database (Douala, Libreville, Kinshasa... are Africa/Lagos; Dakar, Bamako, Lomé... are
 * Africa/Abidjan), and a browser may report either name: the linked zone lists every country that
 * uses it, its own first, and the browser's languages pick among them.
 */
const ZONE_COUNTRIES: Readonly<Record<string, readonly CountryCode[]>> = {
  'Africa/Abidjan': ['CI', 'BF', 'GH', 'GM', 'GN', 'ML', 'MR', 'SH', 'SL', 'SN', 'TG'],
  'Africa/Accra': ['GH'],
  'Africa/Addis_Ababa': ['ET'],
  'Africa/Algiers': ['DZ'],
  'Africa/Asmara': ['ER'],
  'Africa/Bamako': ['ML'],
  'Africa/Bangui': ['CF'],
  'Africa/Banjul': ['GM'],
  'Africa/Bissau': ['GW'],
  'Africa/Blantyre': ['MW'],
  'Africa/Brazzaville': ['CG'],
  'Africa/Bujumbura': ['BI'],
  'Africa/Cairo': ['EG'],
  'Africa/Casablanca': ['MA'],
  'Africa/Ceuta': ['ES'],
  'Africa/Conakry': ['GN'],
  'Africa/Dakar': ['SN'],
  'Africa/Dar_es_Salaam': ['TZ'],
  'Africa/Djibouti': ['DJ'],
  'Africa/Douala': ['CM'],
  'Africa/El_Aaiun': ['EH'],
  'Africa/Freetown': ['SL'],
  'Africa/Gaborone': ['BW'],
  'Africa/Harare': ['ZW'],
  'Africa/Johannesburg': ['ZA', 'LS', 'SZ'],
  'Africa/Juba': ['SS'],
  'Africa/Kampala': ['UG'],
  'Africa/Khartoum': ['SD'],
  'Africa/Kigali': ['RW'],
  'Africa/Kinshasa': ['CD'],
  'Africa/Lagos': ['NG', 'AO', 'BJ', 'CD', 'CF', 'CG', 'CM', 'GA', 'GQ', 'NE'],
  'Africa/Libreville': ['GA'],
  'Africa/Lome': ['TG'],
  'Africa/Luanda': ['AO'],
  'Africa/Lubumbashi': ['CD'],
  'Africa/Lusaka': ['ZM'],
  'Africa/Malabo': ['GQ'],
  'Africa/Maputo': ['MZ', 'BI', 'BW', 'CD', 'MW', 'RW', 'ZM', 'ZW'],
  'Africa/Maseru': ['LS'],
  'Africa/Mbabane': ['SZ'],
  'Africa/Mogadishu': ['SO'],
  'Africa/Monrovia': ['LR'],
  'Africa/Nairobi': ['KE', 'DJ', 'ER', 'ET', 'KM', 'MG', 'SO', 'TZ', 'UG', 'YT'],
  'Africa/Ndjamena': ['TD'],
  'Africa/Niamey': ['NE'],
  'Africa/Nouakchott': ['MR'],
  'Africa/Ouagadougou': ['BF'],
  'Africa/Porto-Novo': ['BJ'],
  'Africa/Sao_Tome': ['ST'],
  'Africa/Timbuktu': ['ML'],
  'Africa/Tripoli': ['LY'],
  'Africa/Tunis': ['TN'],
  'Africa/Windhoek': ['NA'],
  'America/Cayenne': ['GF'],
  'America/Guadeloupe': ['GP'],
  'America/Martinique': ['MQ'],
  'America/Montreal': ['CA'],
  'America/Port-au-Prince': ['HT'],
  'America/Toronto': ['CA', 'BS'],
  'Atlantic/Cape_Verde': ['CV'],
  'Europe/Brussels': ['BE'],
  'Europe/Luxembourg': ['LU'],
  'Europe/Monaco': ['MC'],
  'Europe/Paris': ['FR', 'MC'],
  'Europe/Zurich': ['CH', 'DE', 'LI'],
  'Indian/Antananarivo': ['MG'],
  'Indian/Comoro': ['KM'],
  'Indian/Mahe': ['SC'],
  'Indian/Mauritius': ['MU'],
  'Indian/Mayotte': ['YT'],
  'Indian/Reunion': ['RE'],
  'Pacific/Noumea': ['NC'],
  'Pacific/Tahiti': ['PF'],
};

/** What the browser tells about where its person is. */
export interface BrowserPlace {
  /** IANA time zone, as Intl.DateTimeFormat().resolvedOptions().timeZone reports it. */
  timeZone?: string | null;
  /** navigator.languages, e.g. ['fr-CM', 'fr', 'en-US']. */
  languages?: readonly string[] | null;
}

/** The supported country of a language tag's region ('fr-CM' -> CM), or null ('fr'). */
function regionOf(tag: string): CountryCode | null {
  const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag.trim())?.[1]?.toUpperCase();
  return region && isSupportedCountry(region) ? region : null;
}

/**
 * The country the phone picker starts on. The time zone says where the person is (a French-language
 * browser in Douala is still in Cameroon); a language's region picks among the countries that share
 * a zone. With a zone this table does not know, the first language with a region decides; France
 * when neither tells anything.
 */
export function defaultPhoneCountry(place: BrowserPlace): CountryCode {
  const zoneCountries = (place.timeZone && ZONE_COUNTRIES[place.timeZone]) || [];
  const regions = (place.languages ?? []).map(regionOf).filter((code): code is CountryCode => code !== null);
  const agreed = regions.find((code) => zoneCountries.includes(code));
  if (agreed) return agreed;
  if (zoneCountries[0]) return zoneCountries[0];
  return regions[0] ?? FALLBACK_COUNTRY;
}

/** defaultPhoneCountry for this browser (the fallback on the server, which knows nobody's place). */
export function browserPhoneCountry(): CountryCode {
  if (typeof window === 'undefined') return FALLBACK_COUNTRY;
  let timeZone: string | null = null;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    timeZone = null;
  }
  const languages = navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
  return defaultPhoneCountry({ timeZone, languages });
}

export interface TypedPhone {
  /** The country the number belongs to: its own code's when typed with +/00, else the picker's. */
  country: CountryCode;
  /** The digits after the country code (the national number, trunk prefix removed when valid). */
  national: string;
  /** E.164, when the number is valid in that country; null otherwise. */
  e164: string | null;
}

/** Spaces, dots, dashes and brackets people type between groups of digits. */
const SEPARATORS = /[\s.\-()]/g;

/** What a phone box accepts as typed: digits and separators, with an optional leading + (or 00). */
export function isPhoneText(typed: string): boolean {
  return /^\+?[\d\s.\-()]*$/.test(typed.trim());
}

/**
 * A number as typed, read with the country the picker shows. Typed with its country code
 * ('+237 677 12 34 56', '00237677123456') it is that country's number whatever the picker shows;
 * otherwise it is a national number of the picker's country ('677 12 34 56', '06 12 34 56 78').
 */
export function readTypedPhone(typed: string, selected: string): TypedPhone {
  const compact = typed.replace(SEPARATORS, '');
  const picked: CountryCode = isSupportedCountry(selected) ? selected : FALLBACK_COUNTRY;
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (international) {
    const parsed = parsePhoneNumberFromString(`+${international[1]}`);
    if (parsed?.country) {
      return { country: parsed.country, national: parsed.nationalNumber, e164: parsed.isValid() ? parsed.number : null };
    }
    return { country: picked, national: compact, e164: null };
  }
  const parsed = /^\d+$/.test(compact) ? parsePhoneNumberFromString(compact, picked) : undefined;
  if (parsed?.isValid()) return { country: picked, national: parsed.nationalNumber, e164: parsed.number };
  return { country: picked, national: compact, e164: null };
}
