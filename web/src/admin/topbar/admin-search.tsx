import { useApolloQuery } from '@/data/hooks';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { useDebounced } from '../lib/use-debounced';
import { SEARCH_HITS_PER_KIND } from './operations';
import { hitGroups, SearchHitGroups } from './search-hits';
import { topbarFr } from '@/i18n/admin/topbar';
import ADMIN_TOP_SEARCH from './graphql/admin-top-search.query.graphql';

const t = topbarFr;

/** The shortest text searched: one letter would list half the site. */
const MIN_CHARS = 2;

/**
 * The search 300 ms after the last key, from two letters on: the hits by kind (the previous answer's
 * while the next one loads) and the line saying where the search is, if any.
 */
function useTopSearch(value: string) {
  const typed = value.trim();
  const settled = useDebounced(typed, 300);
  const searching = settled.length >= MIN_CHARS;
  const { data, previousData, loading, error } = useApolloQuery(ADMIN_TOP_SEARCH, {
    variables: { search: settled, first: SEARCH_HITS_PER_KIND },
    skip: !searching,
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error('admin: top bar search failed', error);
  }, [error]);

  const result = searching ? (data ?? (loading ? previousData : undefined)) : undefined;
  const stale = typed !== settled || (loading && !data);
  const groups = result ? hitGroups(result, settled) : [];
  let status: string | null = null;
  if (typed.length < MIN_CHARS) status = t.minChars;
  else if (!result && (stale || loading)) status = t.searching;
  else if (!result && error) status = t.searchFailure;
  else if (result && groups.length === 0 && !stale) status = t.noResult(settled);
  return { groups, status };
}

/** The box the list drops from (its anchor): the magnifier and the combobox's input. */
function SearchBox({
  anchor,
  value,
  autoFocus,
  onChange,
  onFocus,
  onKeyDown,
}: {
  anchor: RefObject<HTMLDivElement | null>;
  value: string;
  autoFocus?: boolean;
  onChange(value: string): void;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}) {
  return (
    <PopoverPrimitive.Anchor asChild>
      <div ref={anchor} role="search" className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <CommandPrimitive.Input
          value={value}
          autoFocus={autoFocus}
          onValueChange={onChange}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
          aria-label={fr.admin.searchLabel}
          placeholder={fr.admin.search}
          autoComplete="off"
          className="flex h-9 w-full min-w-0 rounded-md border border-input bg-card pr-3 pl-9 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
        />
      </div>
    </PopoverPrimitive.Anchor>
  );
}

/**
 * The top bar's search (issue 10 §4): users (identity), videos, PDFs and articles (catalogue) in
 * one query through the gateway, 300 ms after the last key; the hits drop down grouped by kind, a
 * combobox (cmdk: arrows, Enter, Escape) whose choice jumps to the item's admin screen with the
 * item as the search there (users: /admin/users?search=<email>).
 */
export function AdminSearch({ autoFocus, onDone, className }: { autoFocus?: boolean; onDone?(): void; className?: string }) {
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const { groups, status } = useTopSearch(value);

  const jump = (href: string) => {
    setOpen(false);
    setValue('');
    navigate(href);
    onDone?.();
  };

  return (
    <CommandPrimitive shouldFilter={false} loop label={fr.admin.searchLabel} className={cn('relative', className)}>
      <Popover open={open && value.trim().length > 0} onOpenChange={setOpen}>
        <SearchBox
          anchor={anchor}
          value={value}
          autoFocus={autoFocus}
          onChange={(next) => {
            setValue(next);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            // Escape closes the list (Radix); with no list open, it closes the phone's search too.
            if (event.key !== 'Escape') return;
            if (!(open && value.trim())) onDone?.();
            setOpen(false);
          }}
        />
        <PopoverContent
          align="end"
          className="w-[max(var(--radix-popover-trigger-width),min(24rem,calc(100vw-1rem)))]"
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            // A click in the box itself keeps the list open.
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          data-testid="admin-search-results"
        >
          <CommandPrimitive.List aria-label={t.results} className="max-h-[min(26rem,70dvh)] overflow-x-hidden overflow-y-auto">
            {status && (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground" role="status">
                {status}
              </p>
            )}
            <SearchHitGroups groups={groups} onPick={jump} />
          </CommandPrimitive.List>
        </PopoverContent>
      </Popover>
    </CommandPrimitive>
  );
}
