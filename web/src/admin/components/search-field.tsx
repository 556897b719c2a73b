import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { DateRangeFilter, FilterField, ResetFilters, type FilterChange } from './filter-bar';

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

/** The end of a filter bar (payments, journal): a date range, the search, then 'Réinitialiser' once a filter is set. */
export function DatesSearchReset<F extends { from: string; to: string; search: string }>({
  idPrefix,
  text: t,
  filters,
  change,
  filtered,
  reset,
}: {
  idPrefix: string;
  text: { filterFrom: string; filterTo: string; filterSearch: string; searchPlaceholder: string; resetFilters: string };
  filters: F;
  change: FilterChange<F>;
  filtered: boolean;
  reset(): void;
}) {
  return (
    <>
      <DateRangeFilter idPrefix={idPrefix} labels={{ from: t.filterFrom, to: t.filterTo }} filters={filters} change={change} />
      <SearchField
        id={`${idPrefix}-search`}
        label={t.filterSearch}
        placeholder={t.searchPlaceholder}
        className="col-span-2 md:col-span-1 xl:col-span-1"
        value={filters.search}
        onChange={(value) => change('search', value as F['search'])}
      />
      <ResetFilters filtered={filtered} label={t.resetFilters} onReset={reset} />
    </>
  );
}
