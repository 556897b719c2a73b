import { useApolloQuery } from '@/data/hooks';
import { Eye, Inbox } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePage } from '@/hooks/use-page';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';
import { formatDateTime } from '../lib/money';
import { useClampPage } from '../lib/use-clamp-page';
import { useUrlParam } from '../lib/use-url-state';
import { DataList, EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { PageHeader } from '../components/page-header';
import { Pagination } from '../components/pagination';
import { ListSkeleton } from '../components/skeleton';
import { LoadFailure, totalPages, useDebounced } from '../messages/messaging-ui';
import { ContactDetailDialog } from './contact-detail-dialog';
import { ADMIN_CONTACT_MESSAGES, CONTACT_PAGE_SIZE, type AdminContactMessage, type ContactFolder } from './operations';

const t = adminFr.contact;

/** Unread messages stand out in bold. */
function strong(m: AdminContactMessage) {
  return m.readAt ? undefined : 'font-semibold';
}

const columns: ReadonlyArray<Column<AdminContactMessage>> = [
  {
    header: t.columns.name,
    cell: (m) => (
      <span className={cn('flex min-w-0 items-center gap-2', m.readAt ? 'font-normal' : 'font-semibold')} data-unread={m.readAt ? undefined : 'true'}>
        {!m.readAt && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
        <span className="truncate">{m.name}</span>
      </span>
    ),
  },
  {
    header: t.columns.email,
    wide: true,
    cell: (m) => (
      <span className={cn('block max-w-56 truncate max-md:max-w-full', strong(m))} title={m.email}>
        {m.email}
      </span>
    ),
  },
  { header: t.columns.subject, cell: (m) => <span className={strong(m)}>{m.subjectLabel}</span> },
  { header: t.columns.date, cell: (m) => <span className={cn('whitespace-nowrap', strong(m))}>{formatDateTime(m.receivedAt)}</span> },
];

/**
 * /admin/contact (issue 9 §3): what visitors sent through the contact form, in an inbox and an
 * archive, searched; a message opens with its replies and the reply form. The open message is
 * the URL's ?message=<id> (the bell's items link there): closing it removes the parameter.
 */
export default function AdminContactPage() {
  usePage(adminFr.nav.contact);
  const [folder, setFolder] = useState<ContactFolder>('INBOX');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useUrlParam('message');
  const settled = useDebounced(search.trim());
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_CONTACT_MESSAGES, {
    variables: { folder, search: settled || null, page, pageSize: CONTACT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (error) console.error(t.loadFailure, error);
  }, [error]);
  const list = (data ?? previousData)?.adminContactMessages;
  const pages = list ? totalPages(list.total, list.pageSize) : undefined;
  useClampPage(pages, page, setPage);

  let body;
  if (!list && loading) body = <ListSkeleton />;
  else if (!list && error) body = <LoadFailure text={t.loadFailure} retryLabel={t.retry} onRetry={() => void refetch()} />;
  else if (!list || list.items.length === 0) body = <EmptyState icon={<Inbox />} text={folder === 'INBOX' ? t.empty : t.emptyArchived} />;
  else {
    body = (
      <>
        <DataList
          label={folder === 'INBOX' ? t.inbox : t.archived}
          rows={list.items}
          columns={columns}
          rowKey={(m) => m.id}
          actionsHeader={adminFr.common.actions}
          onRowClick={(m) => setOpenId(m.id)}
          actions={(m) => (
            <IconAction label={t.openLabel(m.name)} tooltip={t.open} onClick={() => setOpenId(m.id)}>
              <Eye aria-hidden="true" />
            </IconAction>
          )}
        />
        <Pagination page={list.page} totalPages={pages ?? 1} onPage={setPage} />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={adminFr.nav.contact}
        subtitle={list ? `${t.count(list.total)} · ${t.unread(list.unreadCount)}` : '\u00a0'}
      />
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <Tabs
          value={folder}
          onValueChange={(value) => {
            setFolder(value as ContactFolder);
            setPage(1);
          }}
        >
          <TabsList className="md:w-80">
            <TabsTrigger value="INBOX">{t.inbox}</TabsTrigger>
            <TabsTrigger value="ARCHIVED">{t.archived}</TabsTrigger>
          </TabsList>
        </Tabs>
        <form role="search" className="flex min-w-0 flex-col gap-1.5 md:w-80" onSubmit={(e) => e.preventDefault()}>
          <Label htmlFor="contact-search">{t.search}</Label>
          <Input
            id="contact-search"
            type="search"
            value={search}
            placeholder={t.searchPlaceholder}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </form>
      </div>
      {body}
      <ContactDetailDialog messageId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
