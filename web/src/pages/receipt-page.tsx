import { useQuery } from '@apollo/client/react';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatUsdCents, formatXaf } from '@/commerce/currency';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { usePage } from '@/hooks/use-page';
import { paymentMethodLabels, receiptText as t } from '@/i18n/commerce';
import { LoadError } from './catalogue/components/load-error';
import { RECEIPT_QUERY, type Receipt } from './dashboard/operations';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/*
 * Printing: only the receipt. The site's header, footer and the page's buttons are hidden, the
 * receipt loses its card look and fills the sheet.
 */
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
  .no-print { display: none !important; }
  @page { margin: 18mm; }
}
`;

/** /recu/:orderId: the printable receipt of a completed order (the buyer's own, or any for an administrator). */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(RECEIPT_QUERY, { variables: { id: orderId }, fetchPolicy: 'cache-and-network' });
  const order = data?.order ?? null;
  usePage(order?.receiptNumber ? `${t.documentTitle} ${order.receiptNumber}` : t.documentTitle, { meta: { noindex: true } });

  let body: ReactNode;
  if (order && order.status === 'COMPLETED' && order.receiptNumber) body = <ReceiptSheet order={order} />;
  else if (loading && !data) body = <PageSpinner label={t.loading} />;
  else if (error && !data) body = <LoadError onRetry={() => void refetch()} />;
  else
    body = (
      <p role="alert" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
        {order ? t.notCompleted : t.notFound}
      </p>
    );

  return (
    <div className="container-page max-w-2xl py-8 sm:py-12">
      <style>{PRINT_CSS}</style>
      <div className="no-print mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link to="/dashboard/achats" className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.back}
        </Link>
        {order?.receiptNumber && order.status === 'COMPLETED' && (
          <Button variant="outline" onClick={() => window.print()} data-testid="receipt-print">
            <Printer aria-hidden="true" />
            {t.print}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ReceiptSheet({ order }: { order: Receipt }) {
  const paid = [...order.attempts].reverse().find((a) => a.status === 'COMPLETED') ?? null;
  const method = paid?.method ?? order.method;
  return (
    <article id="receipt" className="rounded-lg border bg-card p-5 shadow-sm sm:p-8" data-testid="receipt">
      <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <Logo />
          <p className="text-sm text-muted-foreground">{t.seller}</p>
        </div>
        <div className="sm:text-right">
          <h1 className="text-xl font-bold">{t.title}</h1>
          <p className="font-mono text-sm" data-testid="receipt-number">
            {order.receiptNumber}
          </p>
        </div>
      </header>
      <dl className="mt-2">
        <Row label={t.number}>{order.receiptNumber}</Row>
        <Row label={t.date}>{dateTime.format(new Date(order.completedAt ?? order.createdAt))}</Row>
        <Row label={t.item} testId="receipt-item">
          {order.itemTitle} <span className="text-sm font-normal text-muted-foreground">({t.itemType[order.itemType]})</span>
        </Row>
        <Row label={t.amount} testId="receipt-amount">
          {formatXaf(order.amount.xaf)}{' '}
          <span className="text-sm font-normal text-muted-foreground">({formatUsdCents(order.amount.usdCents)})</span>
        </Row>
        <Row label={t.method}>{method ? paymentMethodLabels[method] : '—'}</Row>
        <Row label={t.operatorTransaction} testId="receipt-transaction">
          <span className="font-mono">{paid?.operatorTransactionId ?? '—'}</span>
        </Row>
        <Row label={t.customer}>{order.buyerEmail}</Row>
        <Row label={t.order}>
          <span className="font-mono text-sm">{order.id}</span>
        </Row>
      </dl>
    </article>
  );
}
