import { useApolloQuery } from '@/data/hooks';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Command as CommandPrimitive } from 'cmdk';
import { FileText, Newspaper, Search, User, Video, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { useDebounced } from '../messages/messaging-ui';
import { ADMIN_TOP_SEARCH, SEARCH_HITS_PER_KIND } from './operations';
import { topbarFr } from '@/i18n/admin/topbar';

const t = topbarFr;

/** The shortest text searched: one letter would list half the site. */
const MIN_CHARS = 2;

interface Hit {
  key: string;
  label: string;
  detail?: string;
  href: string;
}

interface Group {
  heading: string;
  icon: LucideIcon;
  hits: Hit[];
  /** Beyond the hits shown: a last entry leading to the full list. */
  more?: Hit;
}

const groupClass =
  'overflow-hidden p-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
const itemClass =
  'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';

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
  const settled = useDebounced(value.trim(), 300);
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
  const stale = value.trim() !== settled || (loading && !data);
  const groups: Group[] = [];
  if (result) {
    const { adminUsers, videos, pdfs, adminArticles } = result;
    const within = (path: string, search: string) => `${path}?search=${encodeURIComponent(search)}`;
    groups.push(
      {
        heading: t.groups.users,
        icon: User,
        hits: adminUsers.items.map((u) => ({
          key: `user:${u.id}`,
          label: u.fullName,
          detail: u.email ?? undefined,
          href: within(paths.admin('users'), u.email ?? u.fullName),
        })),
        more:
          adminUsers.total > adminUsers.items.length
            ? { key: 'user:more', label: t.more(adminUsers.total - adminUsers.items.length), href: within(paths.admin('users'), settled) }
            : undefined,
      },
      { heading: t.groups.videos, icon: Video, hits: videos.items.map((v) => ({ key: `video:${v.id}`, label: v.title, href: within(paths.admin('videos'), v.title) })) },
      { heading: t.groups.pdfs, icon: FileText, hits: pdfs.items.map((p) => ({ key: `pdf:${p.id}`, label: p.title, href: within(paths.admin('pdfs'), p.title) })) },
      {
        heading: t.groups.articles,
        icon: Newspaper,
        hits: adminArticles.items.map((a) => ({ key: `article:${a.id}`, label: a.title, href: within(paths.admin('articles'), a.title) })),
      },
    );
  }
  const shown = groups.filter((group) => group.hits.length > 0);

  const jump = (href: string) => {
    setOpen(false);
    setValue('');
    navigate(href);
    onDone?.();
  };

  let status: string | null = null;
  if (value.trim().length < MIN_CHARS) status = t.minChars;
  else if (!result && (stale || loading)) status = t.searching;
  else if (!result && error) status = t.searchFailure;
  else if (result && shown.length === 0 && !stale) status = t.noResult(settled);

  return (
    <CommandPrimitive shouldFilter={false} loop label={fr.admin.searchLabel} className={cn('relative', className)}>
      <Popover open={open && value.trim().length > 0} onOpenChange={setOpen}>
        <PopoverPrimitive.Anchor asChild>
          <div ref={anchor} role="search" className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <CommandPrimitive.Input
              value={value}
              autoFocus={autoFocus}
              onValueChange={(next) => {
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
              aria-label={fr.admin.searchLabel}
              placeholder={fr.admin.search}
              autoComplete="off"
              className="flex h-9 w-full min-w-0 rounded-md border border-input bg-card pr-3 pl-9 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring md:text-sm"
            />
          </div>
        </PopoverPrimitive.Anchor>
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
            {shown.map((group) => {
              const Icon = group.icon;
              return (
                <CommandPrimitive.Group key={group.heading} heading={group.heading} className={groupClass}>
                  {[...group.hits, ...(group.more ? [group.more] : [])].map((hit) => (
                    <CommandPrimitive.Item key={hit.key} value={hit.key} onSelect={() => jump(hit.href)} className={itemClass} data-testid="admin-search-hit">
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="min-w-0 flex-1">
                        <span className={cn('block truncate', hit === group.more && 'text-muted-foreground')}>{hit.label}</span>
                        {hit.detail && <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>}
                      </span>
                    </CommandPrimitive.Item>
                  ))}
                </CommandPrimitive.Group>
              );
            })}
          </CommandPrimitive.List>
        </PopoverContent>
      </Popover>
    </CommandPrimitive>
  );
}
