import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { MessageSquareQuote, Star } from 'lucide-react';
import { usePage } from '@/hooks/use-page';
import { formatDate } from '@/lib/format/date';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { ActiveToggleAction, useActiveToggle } from '../components/active-toggle-action';
import { DialogListScreen } from '../components/dialog-list-screen';
import { EditDeleteActions } from '../components/list-screen';
import { useDeleteRow } from '../components/use-delete-row';
import { type AdminTestimonial } from './operations';
import { TestimonialDialog } from './testimonial-dialog';
import ADMIN_TESTIMONIALS_PAGE from './graphql/admin-testimonials-page.query.graphql';
import DELETE_TESTIMONIAL from './graphql/delete-testimonial.mutation.graphql';
import UPDATE_TESTIMONIAL from './graphql/update-testimonial.mutation.graphql';

const t = adminFr.testimonials;

function Rating({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={t.rating(value)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={i < value ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-muted-foreground/40'} aria-hidden="true" />
      ))}
    </span>
  );
}

const columns: ReadonlyArray<Column<AdminTestimonial>> = [
  {
    header: t.columns.name,
    cell: (item) => (
      <span className="block min-w-0">
        <span className="block truncate">{item.name}</span>
        {item.location && <span className="block truncate text-xs font-normal text-muted-foreground">{item.location}</span>}
      </span>
    ),
  },
  {
    header: t.columns.content,
    cell: (item) => <span className="line-clamp-2 whitespace-normal text-muted-foreground">{item.content}</span>,
    className: 'max-w-md',
    wide: true,
  },
  { header: t.columns.rating, cell: (item) => <Rating value={item.rating} /> },
  { header: t.columns.status, cell: (item) => (item.isActive ? <ToneBadge tone="success">{t.active}</ToneBadge> : <ToneBadge tone="muted">{t.inactive}</ToneBadge>) },
  { header: t.columns.createdAt, cell: (item) => formatDate(item.createdAt) },
];

/** /admin/testimonials: the home page's testimonials, added, edited, shown or hidden. */
export default function AdminTestimonialsPage() {
  usePage(adminFr.nav.testimonials);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_TESTIMONIALS_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminTestimonialsPage');
  const [updateTestimonial] = useApolloMutation(UPDATE_TESTIMONIAL);
  const { askDelete, dialog: deleteDialog } = useDeleteRow<AdminTestimonial, 'deleteTestimonial'>({
    mutation: DELETE_TESTIMONIAL,
    field: 'deleteTestimonial',
    texts: t,
    reload: () => refetch(),
  });

  const { busyId, toggle } = useActiveToggle(
    (item: AdminTestimonial) => item.isActive,
    async (item) => resultOf((await updateTestimonial({ variables: { id: item.id, input: { isActive: !item.isActive } } })).data, 'updateTestimonial'),
    t,
  );

  return (
    <DialogListScreen
      title={adminFr.nav.testimonials}
      text={t}
      icon={<MessageSquareQuote />}
      rows={data?.adminTestimonials}
      loading={loading}
      columns={columns}
      actions={(item, edit) => (
        <>
          <ActiveToggleAction active={item.isActive} name={item.name} texts={t} busy={busyId === item.id} onToggle={() => void toggle(item)} />
          <EditDeleteActions texts={t} name={item.name} onEdit={() => edit(item)} onDelete={() => askDelete(item)} />
        </>
      )}
      dialog={(editing, onClose) => <TestimonialDialog editing={editing} onClose={onClose} />}
      reload={refetch}
    >
      {deleteDialog}
    </DialogListScreen>
  );
}
