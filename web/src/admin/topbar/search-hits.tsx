import { Command as CommandPrimitive } from 'cmdk';
import { FileText, Newspaper, User, Video, type LucideIcon } from 'lucide-react';
import { paths } from '@/app/route-manifest';
import type { AdminTopSearchQuery } from '@/generated/graphql';
import { cn } from '@/lib/utils';
import { topbarFr } from '@/i18n/admin/topbar';

const t = topbarFr;

interface Hit {
  key: string;
  label: string;
  detail?: string;
  href: string;
}

export interface HitGroup {
  heading: string;
  icon: LucideIcon;
  hits: Hit[];
  /** Beyond the hits shown: a last entry leading to the full list. */
  more?: Hit;
}

const within = (path: string, search: string) => `${path}?search=${encodeURIComponent(search)}`;

/**
 * The hits by kind, each leading to the item's admin screen with the item as the search there
 * (users: /admin/users?search=<email>); the kinds without a hit left out.
 */
export function hitGroups(result: AdminTopSearchQuery, searched: string): HitGroup[] {
  const { adminUsers, videos, pdfs, adminArticles } = result;
  const groups: HitGroup[] = [
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
          ? { key: 'user:more', label: t.more(adminUsers.total - adminUsers.items.length), href: within(paths.admin('users'), searched) }
          : undefined,
    },
    { heading: t.groups.videos, icon: Video, hits: videos.items.map((v) => ({ key: `video:${v.id}`, label: v.title, href: within(paths.admin('videos'), v.title) })) },
    { heading: t.groups.pdfs, icon: FileText, hits: pdfs.items.map((p) => ({ key: `pdf:${p.id}`, label: p.title, href: within(paths.admin('pdfs'), p.title) })) },
    {
      heading: t.groups.articles,
      icon: Newspaper,
      hits: adminArticles.items.map((a) => ({ key: `article:${a.id}`, label: a.title, href: within(paths.admin('articles'), a.title) })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}

const groupClass =
  'overflow-hidden p-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
const itemClass =
  'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';

/** The combobox's options: a group a kind, its icon before each hit, the 'more' entry last. */
export function SearchHitGroups({ groups, onPick }: { groups: HitGroup[]; onPick(href: string): void }) {
  return groups.map((group) => {
    const Icon = group.icon;
    return (
      <CommandPrimitive.Group key={group.heading} heading={group.heading} className={groupClass}>
        {[...group.hits, ...(group.more ? [group.more] : [])].map((hit) => (
          <CommandPrimitive.Item key={hit.key} value={hit.key} onSelect={() => onPick(hit.href)} className={itemClass} data-testid="admin-search-hit">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1">
              <span className={cn('block truncate', hit === group.more && 'text-muted-foreground')}>{hit.label}</span>
              {hit.detail && <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>}
            </span>
          </CommandPrimitive.Item>
        ))}
      </CommandPrimitive.Group>
    );
  });
}
