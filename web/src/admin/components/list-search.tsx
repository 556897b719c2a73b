import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SearchLabel } from '@/components/ui/search-box';
import { adminFr } from '@/i18n/admin';

/** A list's search box (videos, PDFs, articles): the text typed, a button that empties it. */
export function ListSearch({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange(value: string): void }) {
  return (
    <form role="search" className="relative mb-4 max-w-md" onSubmit={(event) => event.preventDefault()}>
      <SearchLabel id={id} label={label} />
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
        onChange={(event) => onChange(event.target.value)}
      />
      {value && (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute top-1/2 right-0.5 size-8 -translate-y-1/2"
          aria-label={adminFr.common.clearSearch}
          onClick={() => onChange('')}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </form>
  );
}
