import { describe, expect, it } from '@jest/globals';
import { defaultPhoneCountry, isPhoneText, readTypedPhone } from './phone-country';

describe('the country a phone picker starts on', () => {
  it('is the visitor’s own country from the time zone, whatever the browser’s language', () => {
    expect(defaultPhoneCountry({ timeZone: 'Africa/Douala', languages: ['fr-FR', 'fr'] })).toBe('CM');
    expect(defaultPhoneCountry({ timeZone: 'Africa/Abidjan', languages: ['fr-FR'] })).toBe('CI');
    expect(defaultPhoneCountry({ timeZone: 'Africa/Dakar', languages: ['fr'] })).toBe('SN');
    expect(defaultPhoneCountry({ timeZone: 'Europe/Paris', languages: ['en-US'] })).toBe('FR');
  });

  it('uses a language’s region to pick among the countries sharing a time zone', () => {
    // Douala reported under the zone it links to (Africa/Lagos): Nigeria unless the language says Cameroon.
    expect(defaultPhoneCountry({ timeZone: 'Africa/Lagos', languages: ['fr-CM', 'fr'] })).toBe('CM');
    expect(defaultPhoneCountry({ timeZone: 'Africa/Lagos', languages: ['en-GB'] })).toBe('NG');
    expect(defaultPhoneCountry({ timeZone: 'Africa/Abidjan', languages: ['fr-SN'] })).toBe('SN');
  });

  it('follows the first language with a region when the time zone says nothing', () => {
    expect(defaultPhoneCountry({ timeZone: 'UTC', languages: ['fr', 'fr-CI'] })).toBe('CI');
    expect(defaultPhoneCountry({ timeZone: 'Asia/Tokyo', languages: ['fr-BE'] })).toBe('BE');
  });

  it('is France when the browser tells nothing usable', () => {
    expect(defaultPhoneCountry({ timeZone: 'UTC', languages: ['fr'] })).toBe('FR');
    expect(defaultPhoneCountry({})).toBe('FR');
    expect(defaultPhoneCountry({ timeZone: null, languages: ['xx-QQ'] })).toBe('FR');
  });
});

describe('a typed phone number read with the picker’s country', () => {
  it('is a national number of the picker’s country', () => {
    expect(readTypedPhone('677 12 34 56', 'CM')).toEqual({ country: 'CM', national: '677123456', e164: '+237677123456' });
    expect(readTypedPhone('06 12 34 56 78', 'FR')).toEqual({ country: 'FR', national: '612345678', e164: '+33612345678' });
  });

  it('is its own country’s when typed with +237 or 00237, whatever the picker shows', () => {
    expect(readTypedPhone('+237 677 12 34 56', 'FR')).toEqual({ country: 'CM', national: '677123456', e164: '+237677123456' });
    expect(readTypedPhone('00237677123456', 'FR')).toEqual({ country: 'CM', national: '677123456', e164: '+237677123456' });
    expect(readTypedPhone('+225 07 08 09 10 11', 'FR')).toMatchObject({ country: 'CI', e164: '+2250708091011' });
  });

  it('has no E.164 when the number is not valid', () => {
    expect(readTypedPhone('12', 'FR').e164).toBeNull();
    expect(readTypedPhone('+237 12', 'FR')).toMatchObject({ country: 'CM', e164: null });
    expect(readTypedPhone('06 12 a4', 'FR').e164).toBeNull();
  });

  it('accepts digits, separators and one leading + as typing', () => {
    expect(isPhoneText('+237 677-12.34 (56)')).toBe(true);
    expect(isPhoneText('677 12 34 56')).toBe(true);
    expect(isPhoneText('6771+2')).toBe(false);
    expect(isPhoneText('abc')).toBe(false);
  });
});
