import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/** How a filter bar sets one filter (and goes back to the first page). */
export type FilterChange<F> = <K extends keyof F>(key: K, value: F[K]) => void;

/** A list's filters above it (payments, e-mails): a search form that never submits, its fields in a grid. */
export function FilterBar({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <form role="search" aria-label={label} className={cn('mb-5 grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 shadow-sm', className)} onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}

/** One filter: its label over its control. */
export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A filter on one of an enum's values ('' for all of them), each value named in French. */
export function EnumFilter<T extends string>({
  id,
  label,
  allLabel,
  values,
  nameOf,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  values: readonly T[];
  nameOf(value: T): string;
  value: T | '';
  onChange(value: T | ''): void;
}) {
  return (
    <FilterField id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {nameOf(v)}
          </option>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** A date range (from, to: YYYY-MM-DD or ''), each end bounding the other's picker. */
export function DateRangeFilter<F extends { from: string; to: string }>({
  idPrefix,
  labels,
  filters,
  change,
}: {
  idPrefix: string;
  labels: { from: string; to: string };
  filters: F;
  change: FilterChange<F>;
}) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label={labels.from}>
        <Input id={`${idPrefix}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => change('from', e.target.value as F['from'])} />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label={labels.to}>
        <Input id={`${idPrefix}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => change('to', e.target.value as F['to'])} />
      </FilterField>
    </>
  );
}

/** The bar's last cell: 'Réinitialiser' once a filter is set. */
export function ResetFilters({ filtered, label, onReset }: { filtered: boolean; label: string; onReset(): void }) {
  if (!filtered) return null;
  return (
    <Button type="button" variant="ghost" className="col-span-2 md:col-span-1 xl:col-span-1" onClick={onReset}>
      {label}
    </Button>
  );
}
