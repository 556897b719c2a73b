import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { fr } from '@/i18n/fr';
import { foldText } from '@/lib/fold-text';
import { cn } from '@/lib/utils';
import { countries, findCountry } from './countries';

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

/** Plain substring search (accent- and case-insensitive) over the name, ISO code and dial code. */
function filterCountries(_value: string, search: string, keywords?: string[]): number {
  const query = foldText(search).replace(/^\+/, '');
  if (!query) return 1;
  return keywords?.some((keyword) => foldText(keyword).includes(query)) ? 1 : 0;
}

/** The phone's country: a button with its code and dial code, opening a searchable list of every country. */
export function CountryPicker({ country, onCountryChange }: { country: string; onCountryChange(code: string): void }) {
  const [open, setOpen] = useState(false);
  const list = useMemo(() => (open ? countries() : []), [open]);
  const selected = findCountry(country);
  return (
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
  );
}
