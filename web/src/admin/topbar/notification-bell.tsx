import { useApolloMutation } from '@/data/hooks';
import { Bell, CreditCard, Inbox, ShoppingBag, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { fr } from '@/i18n/fr';
import { everyValue } from '@/lib/enum-values';
import { type AdminAlertKind } from './operations';
import { formatRelative } from './relative-time';
import { topbarFr } from '@/i18n/admin/topbar';
import { useAdminAlerts } from './use-admin-alerts';
import MARK_SALE_SEEN from './graphql/mark-sale-seen.mutation.graphql';

const t = topbarFr;

const KIND_ICON = { CONTACT: Inbox, PAYMENT: CreditCard, PROCESSING: TriangleAlert, SALE: ShoppingBag } satisfies Record<AdminAlertKind, unknown>;
/** Each kind's count field in AdminAlerts. */
const COUNT_OF = { CONTACT: 'contact', PAYMENT: 'payment', PROCESSING: 'processing', SALE: 'sale' } as const satisfies Record<AdminAlertKind, string>;
const KINDS = everyValue<AdminAlertKind>()(['CONTACT', 'PAYMENT', 'PROCESSING', 'SALE']);

/**
 * The top bar's bell (issue 10 §4): the real count of what needs an administrator (new contact
 * messages, payments waiting for reconciliation, failed processing jobs) and the new sales, kept
 * live by analytics' subscription; no badge at 0. Its menu lists the open alerts, newest first,
 * each a link; a sale leaves the bell once opened from it (a contact message once read).
 */
export function NotificationBell() {
  const { alerts, error } = useAdminAlerts();
  const [markSaleSeen] = useApolloMutation(MARK_SALE_SEEN);
  const total = alerts?.total ?? 0;
  const summary = alerts
    ? KINDS.filter((kind) => alerts[COUNT_OF[kind]] > 0)
        .map((kind) => t.summary[kind](alerts[COUNT_OF[kind]]))
        .join(' · ')
    : '';

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={t.bellLabel(total)} title={fr.admin.notifications} data-testid="admin-bell">
          <Bell aria-hidden="true" />
          {total > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-destructive-foreground tabular-nums"
              data-testid="admin-bell-count"
            >
              {total > 99 ? '99+' : total}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-1" data-testid="admin-bell-menu">
        <DropdownMenuLabel className="text-sm font-semibold text-foreground">{t.bellTitle}</DropdownMenuLabel>
        {summary && <p className="px-2 pb-1 text-xs text-muted-foreground">{summary}</p>}
        <DropdownMenuSeparator />
        {!alerts || alerts.items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground" data-testid="admin-bell-empty">
            {!alerts && error ? t.loadFailure : t.empty}
          </p>
        ) : (
          <div className="max-h-[min(24rem,70dvh)] overflow-y-auto">
            {alerts.items.map((item) => {
              const Icon = KIND_ICON[item.kind];
              return (
                <DropdownMenuItem key={item.id} asChild className="items-start">
                  <Link
                    to={item.href}
                    data-testid="admin-bell-item"
                    data-kind={item.kind}
                    onClick={() => {
                      if (item.kind === 'SALE') markSaleSeen({ variables: { alertId: item.id } }).catch((err: unknown) => console.error('admin: sale not marked seen', err));
                    }}
                  >
                    <Icon aria-hidden="true" className="mt-0.5 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 break-words">{item.title}</span>
                      <time dateTime={item.at} className="block text-xs text-muted-foreground">
                        {formatRelative(item.at)}
                      </time>
                    </span>
                  </Link>
                </DropdownMenuItem>
              );
            })}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
