import { useApolloQuery } from '@/data/hooks';
import { Eye, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePage } from '@/hooks/use-page';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';
import { formatDateTime } from '../lib/money';
import { useUrlParam } from '../lib/use-url-state';
import { EmptyState, type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { PageHeader } from '../components/page-header';
import { PagedDataList, usePagedList, type PagedList } from '../components/paged-list';
import { SearchField, SearchForm } from '../components/search-field';
import { useDebounced } from '../lib/use-debounced';
import { ContactDetailDialog } from './contact-detail-dialog';
import { CONTACT_PAGE_SIZE, type AdminContactMessage, type AdminContactMessages, type ContactFolder } from './operations';
import ADMIN_CONTACT_MESSAGES from './graphql/admin-contact-messages.query.graphql';

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

/** Inbox or archive, as tabs. */
function FolderTabs({ folder, onChange }: { folder: ContactFolder; onChange(folder: ContactFolder): void }) {
  return (
    <Tabs value={folder} onValueChange={(value) => onChange(value as ContactFolder)}>
      <TabsList className="md:w-80">
        <TabsTrigger value="INBOX">{t.inbox}</TabsTrigger>
        <TabsTrigger value="ARCHIVED">{t.archived}</TabsTrigger>
      </TabsList>
    </Tabs>
  );
}

/** The folder's messages: a click on a row, or its eye, opens the message. */
function ContactList({ paged, folder, onOpen, onPage }: { paged: PagedList<AdminContactMessages>; folder: ContactFolder; onOpen(id: string): void; onPage(page: number): void }) {
  return (
    <PagedDataList
      paged={paged}
      onPage={onPage}
      failure={{ text: t.loadFailure, retryLabel: t.retry }}
      empty={<EmptyState icon={<Inbox />} text={folder === 'INBOX' ? t.empty : t.emptyArchived} />}
      label={folder === 'INBOX' ? t.inbox : t.archived}
      columns={columns}
      actionsHeader={adminFr.common.actions}
      onRowClick={(m) => onOpen(m.id)}
      actions={(m) => (
        <IconAction label={t.openLabel(m.name)} tooltip={t.open} onClick={() => onOpen(m.id)}>
          <Eye aria-hidden="true" />
        </IconAction>
      )}
    />
  );
}

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
  const result = useApolloQuery(ADMIN_CONTACT_MESSAGES, {
    variables: { folder, search: settled || null, page, pageSize: CONTACT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const paged = usePagedList(result, (data) => data.adminContactMessages, { page, setPage, what: t.loadFailure });
  const { list } = paged;

  return (
    <div>
      <PageHeader
        title={adminFr.nav.contact}
        subtitle={list ? `${t.count(list.total)} · ${t.unread(list.unreadCount)}` : '\u00a0'}
      />
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <FolderTabs
          folder={folder}
          onChange={(next) => {
            setFolder(next);
            setPage(1);
          }}
        />
        <SearchForm className="md:w-80">
          <SearchField
            id="contact-search"
            label={t.search}
            placeholder={t.searchPlaceholder}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
        </SearchForm>
      </div>
      <ContactList paged={paged} folder={folder} onOpen={setOpenId} onPage={setPage} />
      <ContactDetailDialog messageId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
