import { CircleAlert, FileText, Film, FlaskConical, Hourglass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { checkoutText as t, dashboardText, paymentMethodLabels } from '@/i18n/commerce';
import { formatUsdCents, formatXaf } from './currency';
import { METHOD_MARKS, type CheckoutItem, type PaymentMethod } from './types';

/** The payment dialog's small pieces: what is bought and its price, the sandbox banner, a refusal, a wait. */
export function ItemSummary({ item, amount }: { item: CheckoutItem; amount: { usdCents: number; xaf: number } | null }) {
  return (
    <div className="flex items-center gap-3 rounded-md border bg-muted/40 p-3" data-testid="checkout-item">
      <span className="grid size-10 shrink-0 place-items-center rounded-md bg-accent text-primary">
        {item.type === 'VIDEO' ? <Film className="size-5" aria-hidden="true" /> : <FileText className="size-5" aria-hidden="true" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">{item.type === 'VIDEO' ? t.itemVideo : t.itemPdf}</p>
        <p className="line-clamp-3 text-sm leading-snug font-medium">{item.title}</p>
      </div>
      {amount && (
        <div className="text-right">
          <p className="sr-only">{t.amount}</p>
          <p className="text-lg font-bold whitespace-nowrap text-primary tabular-nums" data-testid="checkout-amount">
            {formatXaf(amount.xaf)}
          </p>
          <p className="text-xs whitespace-nowrap text-muted-foreground">{t.usdEquivalent(formatUsdCents(amount.usdCents))}</p>
        </div>
      )}
    </div>
  );
}

export function SandboxBanner() {
  return (
    <p
      className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="sandbox-banner"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      {t.sandboxBanner}
    </p>
  );
}

/**
 * Before the push: the chosen method's operator is slow or failing right now (commerce's operator
 * health), said in French, with a button that switches the dialog to a healthy method when there is one.
 */
export function OperatorHealthNotice({
  method,
  status,
  instead,
  onSwitch,
}: {
  method: PaymentMethod;
  status: 'SLOW' | 'FAILING';
  instead: PaymentMethod | null;
  onSwitch(method: PaymentMethod): void;
}) {
  const label = paymentMethodLabels[method];
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="checkout-operator-health" data-status={status}>
      <p role="status" className="flex items-start gap-2">
        <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {status === 'SLOW' ? t.operatorSlow(label) : t.operatorFailing(label)}
      </p>
      {instead && (
        // Wraps on a phone rather than widening the dialog (a button keeps its text on one line).
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-10 justify-start gap-2.5 bg-card py-2 text-left whitespace-normal"
          onClick={() => onSwitch(instead)}
          data-testid="checkout-switch-method"
        >
          <span className={`size-3 shrink-0 rounded-full ${METHOD_MARKS[instead]}`} aria-hidden="true" />
          {t.switchMethod(paymentMethodLabels[instead])}
        </Button>
      )}
    </div>
  );
}

export function CheckoutAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

export function CheckoutSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8">
      <Spinner label={label} />
    </div>
  );
}

export function AlreadyOwned({ item }: { item: CheckoutItem }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{t.alreadyOwned}</p>
      <Button asChild>
        {item.type === 'VIDEO' ? <Link to={paths.videoShort(item.id)}>{dashboardText.watch}</Link> : <Link to={paths.dashboard()}>{t.goToDashboard}</Link>}
      </Button>
    </div>
  );
}
