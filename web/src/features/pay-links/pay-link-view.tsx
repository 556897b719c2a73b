import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { formatXaf } from '@/features/commerce/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@/features/commerce/types';
import type { PayLinkFieldsFragment } from '@/generated/graphql';
import { usePage } from '@/hooks/use-page';
import { paymentMethodLabels } from '@/i18n/commerce-buttons';
import { payForMeText as t } from '@/i18n/pay-links';
import PAY_LINK from './graphql/pay-link.query.graphql';
import PAY_PAY_LINK from './graphql/pay-pay-link.mutation.graphql';

/** How often the page asks while a payment is under way (the provider's answer comes by webhook or poll to commerce). */
const PENDING_POLL_MS = 3000;

const CLOSED: Partial<Record<PayLinkFieldsFragment['status'], string>> = { EXPIRED: t.expired, OWNED: t.owned };

/**
 * /payer-pour-moi/:token, the « Payer pour moi » link: for anyone, no account. The item, the
 * requester's first name and the amount; the payer's method, number (Orange, MTN) and e-mail for
 * the receipt; then the wait (the page asks every few seconds), and the receipt, SMS-sized. A link
 * expired, paid already or for an item the requester owns says so.
 */
export default function PayLinkView() {
  usePage(t.documentTitle, { meta: { noindex: true } });
  const { token = '' } = useParams();
  const [pay, paying] = useApolloMutation(PAY_PAY_LINK);
  const query = useApolloQuery(PAY_LINK, { variables: { token }, fetchPolicy: 'network-only' });
  const link = query.data?.payLink ?? null;
  const pending = link?.status === 'PENDING';
  const [error, setError] = useState<string | null>(null);
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (!pending) return undefined;
    startPolling(PENDING_POLL_MS);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);

  const onPay = (input: { method: PaymentMethod; phone: string; payerEmail: string; payerName: string }) => {
    setError(null);
    pay({ variables: { input: { token, ...input } } })
      .then(({ data }) => {
        const result = data?.payPayLink;
        if (result?.payLink) void query.refetch();
        else setError(result?.error?.message ?? t.failure);
      })
      .catch(() => setError(t.failure));
  };

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-10" data-testid="pay-link-page">
      {query.loading && !query.data ? <Spinner label={t.loading} /> : <PayLinkBody link={link} error={error} loading={paying.loading} onPay={onPay} />}
    </div>
  );
}

function PayLinkBody({ link, error, loading, onPay }: { link: PayLinkFieldsFragment | null; error: string | null; loading: boolean; onPay: PayFormProps['onPay'] }) {
  if (!link) return <Notice message={t.notFound} />;
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold">{t.heading(link.requesterFirstName ?? null)}</h1>
      <p className="text-lg font-medium" data-testid="pay-link-title">
        {link.itemTitle}
      </p>
      <p>
        {t.amount} : <strong data-testid="pay-link-amount">{formatXaf(link.amount.xaf)}</strong>
      </p>
      <PayLinkState link={link} error={error} loading={loading} onPay={onPay} />
    </Card>
  );
}

function PayLinkState({ link, error, loading, onPay }: { link: PayLinkFieldsFragment; error: string | null; loading: boolean; onPay: PayFormProps['onPay'] }) {
  if (link.status === 'PAID') {
    return (
      <div role="status" className="flex flex-col gap-2" data-testid="pay-link-paid">
        <p className="font-semibold text-green-700">{link.receiptText ? t.paidTitle : t.paid}</p>
        {link.receiptText && (
          <p className="rounded-md bg-muted p-3 font-mono text-sm" data-testid="pay-link-receipt">
            {link.receiptText}
          </p>
        )}
      </div>
    );
  }
  const closed = CLOSED[link.status];
  if (closed) return <Notice message={closed} />;
  if (link.status === 'PENDING') {
    return (
      <div role="status" className="flex flex-col gap-3" data-testid="pay-link-pending">
        <Spinner label={t.pending} />
        {link.authorizationUrl && (
          <Button asChild>
            <a href={link.authorizationUrl}>{t.openNotchpay}</a>
          </Button>
        )}
      </div>
    );
  }
  return <PayLinkForm amountXaf={link.amount.xaf} error={error ?? link.message ?? null} loading={loading} onPay={onPay} />;
}

function Notice({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border p-4 text-center" data-testid="pay-link-notice">
      {message}
    </p>
  );
}

interface PayFormProps {
  amountXaf: number;
  error: string | null;
  loading: boolean;
  onPay(input: { method: PaymentMethod; phone: string; payerEmail: string; payerName: string }): void;
}

function PayLinkForm({ amountXaf, error, loading, onPay }: PayFormProps) {
  const [method, setMethod] = useState<PaymentMethod>('MTN');
  const [phone, setPhone] = useState('');
  const [payerEmail, setPayerEmail] = useState('');
  const [payerName, setPayerName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPay({ method, phone, payerEmail, payerName });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-muted-foreground">{t.noAccount}</p>
      <FormField id="pay-link-method" label={t.method}>
        <select
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
          value={method}
          onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)}
          data-testid="pay-link-method"
        >
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {paymentMethodLabels[m]}
            </option>
          ))}
        </select>
      </FormField>
      {method !== 'NOTCHPAY' && (
        <FormField id="pay-link-phone" label={t.phone}>
          <Input type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} data-testid="pay-link-phone" />
        </FormField>
      )}
      <FormField
        id="pay-link-name"
        label={
          <>
            {t.name} <OptionalMark>{t.nameOptional}</OptionalMark>
          </>
        }
      >
        <Input autoComplete="given-name" maxLength={60} value={payerName} onChange={(e) => setPayerName(e.currentTarget.value)} data-testid="pay-link-name" />
      </FormField>
      <FormField
        id="pay-link-email"
        label={
          <>
            {t.email} <OptionalMark>{t.emailOptional}</OptionalMark>
          </>
        }
      >
        <Input type="email" autoComplete="email" value={payerEmail} onChange={(e) => setPayerEmail(e.currentTarget.value)} data-testid="pay-link-email" />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="pay-link-error">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={loading} data-testid="pay-link-submit">
        {loading ? t.paying : t.pay(formatXaf(amountXaf))}
      </Button>
    </form>
  );
}
