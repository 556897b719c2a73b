import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { BadgePercent, Pencil } from 'lucide-react';
import { usePage } from '@/hooks/use-page';
import { formatDate } from '@/lib/format/date';
import { adminFr } from '@/i18n/admin';
import { formatUsdCents, formatXaf } from '@/features/commerce/currency';
import { resultOf } from '../lib/errors';
import { useLogError } from '../lib/use-log-error';
import { ToneBadge } from '../components/status-badge';
import { type Column } from '../components/data-list';
import { ActiveToggleAction, useActiveToggle } from '../components/active-toggle-action';
import { IconAction } from '../components/icon-action';
import { DialogListScreen } from '../components/dialog-list-screen';
import { type AdminPromoCode } from './operations';
import { PromoCodeDialog } from './promo-code-dialog';
import ADMIN_PROMO_CODES_PAGE from './graphql/admin-promo-codes-page.query.graphql';
import SET_PROMO_CODE_ACTIVE from './graphql/set-promo-code-active.mutation.graphql';

const t = adminFr.promo;

function validity(code: AdminPromoCode): string {
  const parts = [code.startsAt && t.from(formatDate(code.startsAt)), code.endsAt && t.until(formatDate(code.endsAt))].filter(Boolean);
  return parts.length ? parts.join(' ') : t.always;
}

const columns: ReadonlyArray<Column<AdminPromoCode>> = [
  { header: t.columns.code, cell: (code) => <span className="font-mono font-semibold">{code.code}</span> },
  { header: t.columns.discount, cell: (code) => (code.kind === 'PERCENT' ? t.percent(code.percent ?? 0) : formatXaf(code.amountXaf ?? 0)) },
  {
    header: t.columns.items,
    cell: (code) => (code.items.length ? <span title={code.items.map((i) => i.title).join('\n')}>{t.items(code.items.length)}</span> : t.all),
  },
  { header: t.columns.dates, cell: (code) => <span className="whitespace-normal text-muted-foreground">{validity(code)}</span> },
  {
    header: t.columns.uses,
    cell: (code) => (
      <span className="block" data-testid={`promo-uses-${code.code}`}>
        {t.uses(code.usedCount, code.maxUses)}
        {code.reservedCount > 0 && <span className="block text-xs text-muted-foreground">{t.reserved(code.reservedCount)}</span>}
      </span>
    ),
  },
  {
    header: t.columns.revenue,
    cell: (code) => (
      <span className="block tabular-nums" data-testid={`promo-revenue-${code.code}`}>
        {formatXaf(code.revenue.xaf)} <span className="text-xs text-muted-foreground">({formatUsdCents(code.revenue.usdCents)})</span>
        <span className="block text-xs text-muted-foreground">{t.discountTotal(formatXaf(code.discountTotal.xaf))}</span>
      </span>
    ),
  },
  { header: t.columns.status, cell: (code) => (code.active ? <ToneBadge tone="success">{t.active}</ToneBadge> : <ToneBadge tone="muted">{t.inactive}</ToneBadge>) },
];

/** /admin/promo: « Codes promo », created, edited, activated or deactivated, with each code's uses and revenue. */
export default function AdminPromoCodesPage() {
  usePage(adminFr.nav.promo);
  const { data, loading, error, refetch } = useApolloQuery(ADMIN_PROMO_CODES_PAGE, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminPromoCodesPage');
  const [setActive] = useApolloMutation(SET_PROMO_CODE_ACTIVE);

  const { busyId, toggle } = useActiveToggle(
    (code: AdminPromoCode) => code.active,
    async (code) => resultOf((await setActive({ variables: { id: code.id, active: !code.active } })).data, 'adminSetPromoCodeActive'),
    t,
  );

  return (
    <DialogListScreen
      title={adminFr.nav.promo}
      text={t}
      icon={<BadgePercent />}
      rows={data?.adminPromoCodes}
      loading={loading}
      columns={columns}
      actions={(code, edit) => (
        <>
          <ActiveToggleAction active={code.active} name={code.code} texts={t} busy={busyId === code.id} onToggle={() => void toggle(code)} />
          <IconAction label={t.editAction(code.code)} tooltip={adminFr.common.edit} onClick={() => edit(code)}>
            <Pencil aria-hidden="true" />
          </IconAction>
        </>
      )}
      dialog={(editing, onClose) => <PromoCodeDialog editing={editing} items={data?.adminPromoItems ?? []} onClose={onClose} />}
      reload={refetch}
    />
  );
}
