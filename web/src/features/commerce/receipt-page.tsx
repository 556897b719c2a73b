import { useApolloQuery } from '@/data/hooks';
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { formatUsdCents, formatXaf } from '@/features/commerce/currency';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { usePage } from '@/hooks/use-page';
import { paymentMethodLabels, receiptText as t } from '@/i18n/commerce';
import { formatSiteDateTime } from '@/lib/format/date';
import { LoadError } from '../../components/states/load-error';
import { type Receipt, type ReceiptSeller } from '../dashboard/operations';
import RECEIPT_QUERY from '../dashboard/graphql/receipt.query.graphql';

/*
 * Printing: the receipt alone on one A4 sheet. Everything else in the page (the site's header,
 * footer, banners, this page's buttons) leaves the flow, so nothing pushes the receipt down or adds
 * a blank sheet; the receipt loses its card look and fills the sheet's width.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 15mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  body *:not(:has(#receipt)):not(#receipt):not(#receipt *) { display: none !important; }
  body *:has(#receipt) { margin: 0 !important; padding: 0 !important; max-width: none !important; min-height: 0 !important; }
  #receipt, #receipt * { visibility: visible; }
  #receipt { width: 100%; border: 0; box-shadow: none; padding: 0; break-inside: avoid; font-size: 11pt; }
  .no-print { display: none !important; }
}
`;

/** /recu/:orderId: the printable receipt of a completed order (the buyer's own, or any for an administrator). */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  const { data, loading, error, refetch } = useApolloQuery(RECEIPT_QUERY, { variables: { id: orderId }, fetchPolicy: 'cache-and-network' });
  const order = data?.order ?? null;
  usePage(order?.receiptNumber ? `${t.documentTitle} ${order.receiptNumber}` : t.documentTitle, { meta: { noindex: true } });

  let body: ReactNode;
  if (order && order.status === 'COMPLETED' && order.receiptNumber && data?.siteSettings) body = <ReceiptSheet order={order} seller={data.siteSettings} />;
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
        <Link to={paths.dashboard('achats')} className="inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
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

/** '1 885 FCFA ($2.88)', the way the mail's PDF writes an amount (with `sign` for a discount). */
function Money({ xaf, usdCents, sign = '' }: { xaf: number; usdCents: number; sign?: string }) {
  return (
    <>
      {sign}
      {formatXaf(xaf)} <span className="text-sm font-normal text-muted-foreground">({sign}{formatUsdCents(usdCents)})</span>
    </>
  );
}

/** The seller's lines under its name: the site, address lines, NIU, contact (as the mail's PDF has them). */
function sellerLines(seller: ReceiptSeller): string[] {
  const host = typeof window === 'undefined' ? '' : window.location.host;
  const legalName = seller.legalName.trim();
  const lines = [legalName && legalName !== seller.siteName ? `${seller.siteName} · ${host}` : host];
  lines.push(...seller.legalAddress.split(/\r?\n/).map((line) => line.trim()).filter(Boolean));
  if (seller.taxId.trim()) lines.push(t.taxId(seller.taxId.trim()));
  const contact = [seller.contactEmail, seller.contactPhone].map((v) => v.trim()).filter(Boolean);
  if (contact.length) lines.push(t.contact(contact.join(' · ')));
  return lines.filter(Boolean);
}

function ReceiptSheet({ order, seller }: { order: Receipt; seller: ReceiptSeller }) {
  // No paid attempt: an administrator granted the order (the mail's PDF says the same).
  const paid = [...order.attempts].reverse().find((a) => a.status === 'COMPLETED') ?? null;
  const buyer = [order.buyerName, order.buyerEmail].filter((v): v is string => Boolean(v?.trim()));
  return (
    <article id="receipt" className="rounded-lg border bg-card p-5 shadow-sm sm:p-8" data-testid="receipt">
      <header className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-0.5" data-testid="receipt-seller">
          <p className="text-lg font-bold text-primary">{seller.legalName.trim() || seller.siteName}</p>
          {sellerLines(seller).map((line, i) => (
            <p key={i} className="text-sm text-muted-foreground break-words">
              {line}
            </p>
          ))}
        </div>
        <div className="shrink-0 sm:text-right">
          <h1 className="text-xl font-bold">{t.title}</h1>
          <p className="text-sm">
            {t.numberPrefix} <span className="font-mono" data-testid="receipt-number">{order.receiptNumber}</span>
          </p>
        </div>
      </header>
      <section className="border-b py-4" data-testid="receipt-buyer">
        <p className="text-sm text-muted-foreground">{t.customer}</p>
        {buyer.map((line, i) => (
          <p key={i} className={i === 0 ? 'font-semibold break-words' : 'break-words'}>
            {line}
          </p>
        ))}
      </section>
      <dl className="mt-2">
        <Row label={t.item} testId="receipt-item">
          {order.itemTitle} <span className="text-sm font-normal text-muted-foreground">({t.itemType[order.itemType]})</span>
        </Row>
        {order.promo && (
          <>
            <Row label={t.listPrice} testId="receipt-list-price">
              <Money xaf={order.promo.listPrice.xaf} usdCents={order.promo.listPrice.usdCents} />
            </Row>
            <Row label={t.promo} testId="receipt-promo-code">
              <span className="font-mono">{order.promo.code}</span>
            </Row>
            <Row label={t.discount} testId="receipt-promo">
              <Money xaf={order.promo.discount.xaf} usdCents={order.promo.discount.usdCents} sign="-" />
            </Row>
          </>
        )}
        <Row label={order.promo ? t.amountPaid : t.amount} testId="receipt-amount">
          <Money xaf={order.amount.xaf} usdCents={order.amount.usdCents} />
        </Row>
        <Row label={t.method} testId="receipt-method">
          {paid ? paymentMethodLabels[paid.method] : t.granted}
        </Row>
        <Row label={t.operatorTransaction} testId="receipt-transaction">
          <span className="font-mono">{paid?.operatorTransactionId ?? '—'}</span>
        </Row>
        <Row label={t.date} testId="receipt-date">
          {formatSiteDateTime(order.completedAt ?? order.createdAt)}
        </Row>
        <Row label={t.order}>
          <span className="font-mono text-sm break-all">{order.id}</span>
        </Row>
      </dl>
      <p className="mt-4 border-t pt-4 text-sm text-muted-foreground">{t.thanks}</p>
    </article>
  );
}
