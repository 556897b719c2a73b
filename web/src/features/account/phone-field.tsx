import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fr } from '@/i18n/fr';
import { isPhoneText, readTypedPhone } from '@/lib/phone-country';
import { cn } from '@/lib/utils';
import { countries, findCountry } from './countries';

/** A number typed with its country code (+237..., 00237...). */
const INTERNATIONAL = /^\s*(?:\+|00)/;

/**
 * The country's ISO code in a small box where a flag would be: flags as emoji are empty boxes on
 * phones without an emoji font, and images of 240 flags would weigh more than the form.
 */
function CountryCode({ code }: { code: string }) {
  return (
    <span aria-hidden="true" className="inline-block w-7 shrink-0 rounded-sm bg-muted px-1 text-center font-mono text-xs leading-5 text-muted-foreground">
      {code}
    </span>
  );
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** Plain substring search (accent- and case-insensitive) over the name, ISO code and dial code. */
function filterCountries(_value: string, search: string, keywords?: string[]): number {
  const query = normalize(search).replace(/^\+/, '');
  if (!query) return 1;
  return keywords?.some((keyword) => normalize(keyword).includes(query)) ? 1 : 0;
}

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
  const [open, setOpen] = useState(false);
  const list = useMemo(() => (open ? countries() : []), [open]);
  const selected = findCountry(country);
  const errorId = 'signup-phone-error';

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="signup-phone">{fr.auth.phone}</Label>
      <div className="flex gap-2">
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              role="combobox"
              aria-expanded={open}
              aria-label={`${fr.auth.phoneCountry} : ${selected ? `${selected.name} ${selected.dialCode}` : country}`}
              data-testid="phone-country"
              className="w-32 shrink-0 justify-between gap-1.5 px-2.5 font-normal"
            >
              <span className="flex min-w-0 items-center gap-1.5">
                <CountryCode code={country} /> <span className="truncate">{selected?.dialCode}</span>
              </span>
              <ChevronsUpDown className="opacity-50" aria-hidden="true" />
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-[min(20rem,calc(100vw-2rem))]">
            <Command defaultValue={country} filter={filterCountries} label={fr.auth.countrySearch}>
              <CommandInput placeholder={fr.auth.countrySearch} aria-label={fr.auth.countrySearch} />
              <CommandList>
                <CommandEmpty>{fr.auth.countryEmpty}</CommandEmpty>
                {list.map((c) => (
                  <CommandItem
                    key={c.code}
                    value={c.code}
                    keywords={[c.name, c.code, c.dialCode.slice(1)]}
                    onSelect={() => {
                      onCountryChange(c.code);
                      setOpen(false);
                    }}
                  >
                    <CountryCode code={c.code} />
                    <span className="flex-1 truncate">{c.name}</span>
                    <span className="text-muted-foreground">{c.dialCode}</span>
                    <Check className={cn('size-4', c.code === country ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                  </CommandItem>
                ))}
              </CommandList>
            </Command>
          </PopoverContent>
        </Popover>
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
