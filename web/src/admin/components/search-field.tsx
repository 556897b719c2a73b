import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { FilterField } from './filter-bar';

/** A list's search box under its label (contact, subscribers, payments): typed into freely. */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <Input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </FilterField>
  );
}

/** A search form that never submits: the list follows what is typed. */
export function SearchForm({ label, className, children }: { label?: string; className?: string; children: ReactNode }) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}
