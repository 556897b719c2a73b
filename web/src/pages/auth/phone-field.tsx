import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { countries, findCountry } from './countries';

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** Plain substring search (accent- and case-insensitive) over the name, ISO code and dial code. */
function filterCountries(_value: string, search: string, keywords?: string[]): number {
  const query = normalize(search).replace(/^\+/, '');
  if (!query) return 1;
  return keywords?.some((keyword) => normalize(keyword).includes(query)) ? 1 : 0;
}

/** Phone = searchable country (dial code) + digits only. */
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
              className="w-28 shrink-0 justify-between px-3 font-normal"
            >
              <span className="truncate">
                <span aria-hidden="true">{selected?.flag}</span> {selected?.dialCode}
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
                    <span aria-hidden="true">{c.flag}</span>
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
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={fr.auth.phonePlaceholder.replace(/\s/g, '')}
          value={number}
          onChange={(event) => onNumberChange(event.target.value.replace(/\D/g, ''))}
          onBlur={onNumberBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
