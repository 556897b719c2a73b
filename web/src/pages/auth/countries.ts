import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface Country {
  code: CountryCode;
  name: string;
  dialCode: string;
  flag: string;
}

export const DEFAULT_COUNTRY: CountryCode = 'FR';

/** Regional-indicator emoji from the ISO code ("CM" -> 🇨🇲). */
function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

let cache: Country[] | null = null;

/** Every country libphonenumber-js knows (about 240), named in French, sorted by name. */
export function countries(): Country[] {
  if (cache) return cache;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['fr'], { type: 'region' });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator('fr');
  cache = getCountries()
    .map((code) => ({
      code,
      name: names?.of(code) ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
      flag: flagOf(code),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return cache;
}

export function findCountry(code: string): Country | undefined {
  return countries().find((country) => country.code === code);
}
