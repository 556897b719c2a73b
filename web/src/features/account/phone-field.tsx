import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fr } from '@/i18n/fr';
import { isPhoneText, readTypedPhone } from '@/lib/phone-country';
import { CountryPicker } from './country-picker';

/** A number typed with its country code (+237..., 00237...). */
const INTERNATIONAL = /^\s*(?:\+|00)/;

/**
 * Phone = searchable country (dial code) + the number: digits and separators, or the whole
 * international number (+237..., 00237...), which moves the picker to its country once the box is
 * left (lib/phone-country.ts reads it the same way on submit).
 */
export function PhoneField({
  country,
  onCountryChange,
  number,
  onNumberChange,
  onNumberBlur,
  error,
}: {
  country: string;
  onCountryChange(code: string): void;
  number: string;
  onNumberChange(digits: string): void;
  onNumberBlur(): void;
  error?: string;
}) {
  const errorId = 'signup-phone-error';
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="signup-phone">{fr.auth.phone}</Label>
      <div className="flex gap-2">
        <CountryPicker country={country} onCountryChange={onCountryChange} />
        <Input
          id="signup-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={fr.auth.phonePlaceholder.replace(/\s/g, '')}
          value={number}
          onChange={(event) => {
            if (isPhoneText(event.target.value)) onNumberChange(event.target.value);
          }}
          onBlur={() => {
            if (INTERNATIONAL.test(number)) {
              const typed = readTypedPhone(number, country);
              if (typed.national !== number.replace(/[\s.\-()]/g, '')) {
                onCountryChange(typed.country);
                onNumberChange(typed.national);
              }
            }
            onNumberBlur();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
