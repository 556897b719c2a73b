import { useApolloClient, useApolloMutation } from '@/data/hooks';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePage } from '@/hooks/use-page';
import { checkoutText, paymentReturnText as t } from '@/i18n/commerce';
import { afterPurchase } from './after-purchase';
import { useLiveOrder } from './use-live-order';
import CHECK_PAYMENT from './graphql/check-payment.mutation.graphql';

/**
 * Our order id from the return URL: /paiement/<orderId> (commerce's NotchPay callback), else
 * `?order=<id>`, or NotchPay's `trxref`/`reference` echo of our attempt reference `<orderId>-a<n>`.
 */
function orderIdFrom(pathId: string | undefined, params: URLSearchParams): string | null {
  if (pathId) return pathId;
  const direct = params.get('order') ?? params.get('orderId');
  if (direct) return direct;
  const reference = params.get('trxref') ?? params.get('reference');
  return reference ? reference.replace(/-a\d+$/, '') : null;
}

/**
 * /paiement/:orderId (and /paiement/retour?order=): where NotchPay's hosted page sends the browser back. Arriving here proves
 * nothing (anyone can type the URL, and NotchPay's `status` parameter is ignored): the page asks
 * commerce to check with the provider ('Vérifier'), then follows the order live.
 */
export default function PaymentReturnPage() {
  usePage(t.documentTitle);
  const [params] = useSearchParams();
  const { orderId: pathId } = useParams();
  const orderId = orderIdFrom(pathId, params);
  const client = useApolloClient();
  const [checkPayment, check] = useApolloMutation(CHECK_PAYMENT);
  const { order } = useLiveOrder(check.called ? orderId : null);

  const checkedRef = useRef(false);
  useEffect(() => {
    if (!orderId || checkedRef.current) return;
    checkedRef.current = true;
    void checkPayment({ variables: { orderId } }).catch((err: unknown) => console.error('payment return:', err));
  }, [orderId, checkPayment]);

  const current = order ?? check.data?.checkPayment.order ?? null;
  const doneRef = useRef(false);
  useEffect(() => {
    if (current?.status !== 'COMPLETED' || doneRef.current) return;
    doneRef.current = true;
    void afterPurchase(client, { id: current.itemId, type: current.itemType });
  }, [current, client]);

  let content;
  if (!orderId || (check.called && !check.loading && !current)) {
    content = <p role="alert">{t.unknown}</p>;
  } else if (!current) {
    content = <Spinner label={t.checking} className="[&>span:first-child]:size-8" />;
  } else if (current.status === 'COMPLETED') {
    content = (
      <p role="status" className="flex items-center gap-2 font-medium text-emerald-800">
        <CircleCheck className="size-5" aria-hidden="true" />
        {checkoutText.success} — {t.completed}
      </p>
    );
  } else if (current.status === 'PENDING' || current.status === 'CREATED') {
    content = (
      <p role="status" className="flex items-center gap-3">
        <Spinner label={t.pending} />
        {t.pending}
      </p>
    );
  } else {
    content = (
      <p role="alert" className="flex items-start gap-2 text-destructive">
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {t.failed} {current.attempt?.failureMessage ?? ''}
      </p>
    );
  }

  return (
    <section className="container-page max-w-xl py-12">
      <Card className="flex flex-col items-start gap-5 p-6" data-testid="payment-return">
        <h1 className="text-2xl font-bold">{t.documentTitle}</h1>
        {current && <p className="text-muted-foreground">{current.itemTitle}</p>}
        {content}
        <Button asChild>
          <Link to={paths.dashboard()}>{t.toDashboard}</Link>
        </Button>
      </Card>
    </section>
  );
}
