import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

export interface Country {
  code: CountryCode;
  name: string;
  dialCode: string;
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
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return cache;
}

export function findCountry(code: string): Country | undefined {
  return countries().find((country) => country.code === code);
}
