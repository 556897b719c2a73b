import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloClient, useApolloMutation, useApolloQuery } from '@/data/hooks';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { CircleAlert, Clock, ExternalLink, FileText, Film, FlaskConical, RefreshCw, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { toast } from '@/components/ui/toast';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { checkoutText as t, dashboardText, paymentMethodLabels } from '@/i18n/commerce';
import { browserPhoneCountry, readTypedPhone } from '@/lib/phone-country';
import type { UserError } from '@/lib/user-error';
import { cn } from '@/lib/utils';
import { PhoneField } from '@/features/account/phone-field';
import { afterPurchase } from './after-purchase';
import { formatUsdCents, formatXaf } from './currency';
import { CANCEL_PAYMENT, CHECK_PAYMENT, CHECKOUT_SETUP_QUERY, RESEND_PAYMENT_PROMPT, START_CHECKOUT, type CheckoutOrder } from './operations';
import type { CheckoutItem, PaymentMethod } from './types';
import { formatCountdown, useLiveOrder, useSecondsLeft } from './use-live-order';

const formSchema = (requiresPhone: boolean) =>
  z
    .object({
      consent: z.boolean().check(z.refine((v) => v, t.consentRequired)),
      phoneCountry: z.string(),
      phoneNumber: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!requiresPhone) return;
        if (!values.phoneNumber) {
          ctx.issues.push({ code: 'custom', message: t.missingPhone, path: ['phoneNumber'], input: values.phoneNumber });
        } else if (readTypedPhone(values.phoneNumber, values.phoneCountry).e164 === null) {
          ctx.issues.push({ code: 'custom', message: t.phoneInvalid, path: ['phoneNumber'], input: values.phoneNumber });
        }
      }),
    );

type FormValues = { consent: boolean; phoneCountry: string; phoneNumber: string };

/** +237677123456 -> +237 6 77 12 34 56 */
function displayPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

const FINAL_FAILURES = new Set(['FAILED', 'EXPIRED', 'CANCELED']);

function isUnauthenticated(err: unknown): boolean {
  return CombinedGraphQLErrors.is(err) && err.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/** A refusal or a failure the dialog could not get an answer for, toasted in the spec's words. */
function toastFailure(err: unknown) {
  console.error('checkout:', err);
  toast.error(t.failureTitle, { description: isUnauthenticated(err) ? t.notSignedIn : t.failureFallback });
}

/**
 * The payment dialog, titled with the method: item and its FCFA amount (commerce's quote), sandbox
 * banner, consent to immediate access, phone for Orange and MTN; then the waiting screen with the
 * operator's hint, a countdown to the provider's window and the live status; then success (toast,
 * close, lists refreshed) or the provider's reason and a retry (a new attempt on the same order).
 * Opening it resumes an open order of this item rather than charging twice.
 */
export default function CheckoutDialog({ item, method, onClose }: { item: CheckoutItem; method: PaymentMethod; onClose(): void }) {
  const client = useApolloClient();
  const setup = useApolloQuery(CHECKOUT_SETUP_QUERY, {
    variables: { itemId: item.id, itemType: item.type },
    fetchPolicy: 'network-only',
  });
  const [orderId, setOrderId] = useState<string | null>(null);
  // 'order': the order's own state drives the screen (waiting, failure); 'form': choose and pay.
  const [view, setView] = useState<'form' | 'order'>('form');
  const [serverError, setServerError] = useState<UserError | null>(null);
  // What was typed, kept for a retry (the form mounts again after a failure).
  const [lastValues, setLastValues] = useState<FormValues | null>(null);
  const { order, refresh } = useLiveOrder(orderId);

  // Resume: an order of this item still waiting for the phone is shown again, never paid twice.
  const openOrder = setup.data?.openOrder ?? null;
  const resumedRef = useRef(false);
  useEffect(() => {
    if (resumedRef.current || !openOrder) return;
    resumedRef.current = true;
    setOrderId(openOrder.id);
    if (openOrder.status === 'PENDING') setView('order');
  }, [openOrder]);

  // Success, however it arrived (push, poll, 'Vérifier'): toast with the method, close, refresh lists.
  const doneRef = useRef(false);
  useEffect(() => {
    if (!order || order.status !== 'COMPLETED' || doneRef.current) return;
    doneRef.current = true;
    const label = paymentMethodLabels[order.attempt?.method ?? order.method ?? method];
    toast.success(t.success, { id: `paid-${order.id}`, description: t.successText(label) });
    void afterPurchase(client, { id: item.id, type: item.type });
    onClose();
  }, [order, client, item.id, item.type, method, onClose]);

  const shownMethod = view === 'order' ? (order?.attempt?.method ?? order?.method ?? method) : method;
  const info = setup.data?.paymentMethods.find((m) => m.method === shownMethod) ?? null;
  const title = paymentMethodLabels[shownMethod];

  let body;
  if (item.purchased) {
    body = <AlreadyOwned item={item} />;
  } else if (setup.loading && !setup.data) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t.loading} />
      </div>
    );
  } else if (setup.error && !setup.data) {
    body = <Alert message={t.failureFallback} />;
  } else if (view === 'order' && order) {
    body = FINAL_FAILURES.has(order.status) ? (
      <FailureView order={order} onRetry={() => setView('form')} />
    ) : (
      <WaitingView order={order} refresh={refresh} onCanceled={() => setView('form')} />
    );
  } else if (view === 'order') {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t.processing} />
      </div>
    );
  } else if (!info) {
    body = <Alert message={t.methodUnavailable} />;
  } else if (!setup.data?.quote) {
    body = <Alert message={t.notForSale} />;
  } else {
    body = (
      <PayForm
        item={item}
        method={method}
        requiresPhone={info.requiresPhone}
        quote={setup.data.quote}
        serverError={serverError}
        initialValues={lastValues}
        onSubmitted={setLastValues}
        onStarted={(started) => {
          setServerError(null);
          setOrderId(started.id);
          setView('order');
        }}
        onRefused={setServerError}
      />
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="checkout-dialog" aria-describedby="checkout-description">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 pr-6">{title}</DialogTitle>
          <DialogDescription id="checkout-description" className="sr-only">
            {item.title}
          </DialogDescription>
        </DialogHeader>
        {info?.sandbox && (
          <p
            className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            data-testid="sandbox-banner"
          >
            <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
            {t.sandboxBanner}
          </p>
        )}
        <ItemSummary item={item} amount={setup.data?.quote ?? order?.amount ?? null} />
        {body}
      </DialogContent>
    </Dialog>
  );
}

function ItemSummary({ item, amount }: { item: CheckoutItem; amount: { usdCents: number; xaf: number } | null }) {
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

function Alert({ message }: { message: string }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

function AlreadyOwned({ item }: { item: CheckoutItem }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{t.alreadyOwned}</p>
      <Button asChild>
        {item.type === 'VIDEO' ? <Link to={paths.videoShort(item.id)}>{dashboardText.watch}</Link> : <Link to={paths.dashboard()}>{t.goToDashboard}</Link>}
      </Button>
    </div>
  );
}

function PayForm({
  item,
  method,
  requiresPhone,
  quote,
  serverError,
  initialValues,
  onSubmitted,
  onStarted,
  onRefused,
}: {
  item: CheckoutItem;
  method: PaymentMethod;
  requiresPhone: boolean;
  quote: { usdCents: number; xaf: number };
  serverError: UserError | null;
  initialValues: FormValues | null;
  onSubmitted(values: FormValues): void;
  onStarted(order: CheckoutOrder): void;
  onRefused(error: UserError): void;
}) {
  const [startCheckout, { loading }] = useApolloMutation(START_CHECKOUT);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(requiresPhone)),
    reValidateMode: 'onChange',
    // Consent is asked again on every attempt; the phone is kept.
    // The picker starts on the visitor's country, as the sign-up's does (lib/phone-country.ts).
    defaultValues: { consent: false, phoneCountry: initialValues?.phoneCountry ?? browserPhoneCountry(), phoneNumber: initialValues?.phoneNumber ?? '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (values) => {
      toast.dismiss('checkout-missing');
      onSubmitted(values);
      const phone = requiresPhone ? readTypedPhone(values.phoneNumber, values.phoneCountry).e164 : null;
      try {
        const { data } = await startCheckout({
          variables: {
            input: { itemId: item.id, itemType: item.type, method, phone, consentImmediateAccess: values.consent },
          },
        });
        const result = data?.startCheckout;
        if (result?.order) onStarted(result.order);
        else if (result?.error) {
          if (result.error.field === 'phone') form.setError('phoneNumber', { message: result.error.message });
          else onRefused(result.error);
        } else toastFailure(new Error('startCheckout: empty answer'));
      } catch (err) {
        toastFailure(err);
      }
    },
    (invalid) => {
      if (invalid.phoneNumber) toast.error(t.missingInfo, { id: 'checkout-missing', description: invalid.phoneNumber.message });
    },
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label={paymentMethodLabels[method]}>
      {requiresPhone ? (
        <Controller
          control={form.control}
          name="phoneNumber"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <PhoneField
                country={form.watch('phoneCountry')}
                onCountryChange={(code) => form.setValue('phoneCountry', code, { shouldValidate: form.formState.isSubmitted })}
                number={field.value}
                onNumberChange={field.onChange}
                onNumberBlur={field.onBlur}
                error={fieldState.error?.message}
              />
              <p className="text-xs text-muted-foreground">{t.phoneLabel(paymentMethodLabels[method])}</p>
            </div>
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t.notchpayNote}</p>
      )}

      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <input
            id="checkout-consent"
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'checkout-consent-error' : undefined}
            data-testid="checkout-consent"
            {...form.register('consent')}
          />
          <label htmlFor="checkout-consent" className="text-sm leading-snug">
            {t.consentBefore}
            <Link to={paths.terms()} target="_blank" className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
              {t.consentLink}
            </Link>
            {t.consentAfter}
          </label>
        </div>
        <FieldError id="checkout-consent-error" message={errors.consent?.message} />
      </div>

      {serverError && <Alert message={serverError.message} />}

      <Button type="submit" size="lg" disabled={loading} data-testid="checkout-submit">
        {loading ? t.processing : t.pay(formatXaf(quote.xaf))}
      </Button>
    </form>
  );
}

function WaitingView({ order, refresh, onCanceled }: { order: CheckoutOrder; refresh(): Promise<void>; onCanceled(): void }) {
  const attempt = order.attempt;
  const method = attempt?.method ?? order.method ?? 'MTN';
  const secondsLeft = useSecondsLeft(attempt?.expiresAt);
  const [checkPayment, check] = useApolloMutation(CHECK_PAYMENT);
  const [resendPrompt, resend] = useApolloMutation(RESEND_PAYMENT_PROMPT);
  const [cancelPayment, cancel] = useApolloMutation(CANCEL_PAYMENT);
  const [note, setNote] = useState<string | null>(null);

  const onCheck = async () => {
    setNote(null);
    try {
      const { data } = await checkPayment({ variables: { orderId: order.id } });
      const result = data?.checkPayment;
      if (result?.error) setNote(result.error.message);
      else if (result?.order?.status === 'PENDING') setNote(t.stillPending);
    } catch (err) {
      toastFailure(err);
      await refresh().catch(() => undefined);
    }
  };

  const onResend = async () => {
    try {
      const { data } = await resendPrompt({ variables: { orderId: order.id } });
      if (data?.resendPaymentPrompt.error) setNote(data.resendPaymentPrompt.error.message);
      else toast.success(t.resent, { description: t.resentText });
    } catch (err) {
      toastFailure(err);
    }
  };

  const onCancel = async () => {
    try {
      const { data } = await cancelPayment({ variables: { orderId: order.id } });
      if (data?.cancelPayment.error) setNote(data.cancelPayment.error.message);
      else onCanceled();
    } catch (err) {
      toastFailure(err);
    }
  };

  const notchpay = method === 'NOTCHPAY';
  return (
    <div className="flex flex-col gap-4" data-testid="checkout-waiting" data-order-id={order.id}>
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-accent text-primary">
          {notchpay ? <ExternalLink className="size-6" aria-hidden="true" /> : <Smartphone className="size-6" aria-hidden="true" />}
        </span>
        <h3 className="text-base font-semibold">{notchpay ? t.notchpayWaitingTitle : t.waitingTitle}</h3>
        {attempt?.phone && <p className="text-sm text-muted-foreground">{t.sentTo(displayPhone(attempt.phone))}</p>}
        {attempt?.hint && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium" data-testid="checkout-hint">
            {attempt.hint}
          </p>
        )}
        {notchpay && !attempt?.hint && <p className="text-sm text-muted-foreground">{t.notchpayWaitingText}</p>}
      </div>

      {notchpay && attempt?.authorizationUrl && (
        <Button asChild size="lg">
          <a href={attempt.authorizationUrl} target="_blank" rel="noopener noreferrer" data-testid="notchpay-link">
            <ExternalLink aria-hidden="true" />
            {t.openNotchpay}
          </a>
        </Button>
      )}

      <div className="flex items-center justify-center gap-3 text-sm" aria-live="polite">
        <Spinner label={t.waitingStatus} />
        <span className="text-muted-foreground">{t.waitingStatus}</span>
      </div>
      {secondsLeft !== null && (
        <p className={cn('flex items-center justify-center gap-1.5 text-sm tabular-nums', secondsLeft === 0 && 'text-destructive')} data-testid="checkout-countdown">
          <Clock className="size-4" aria-hidden="true" />
          {secondsLeft > 0 ? `${t.timeLeft} : ${formatCountdown(secondsLeft)}` : t.windowOver}
        </p>
      )}
      {note && (
        <p role="status" className="text-center text-sm text-muted-foreground">
          {note}
        </p>
      )}

      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="default" onClick={() => void onCheck()} disabled={check.loading} data-testid="checkout-check" className={cn(method !== 'ORANGE' && 'sm:col-span-2')}>
          <RefreshCw className={cn(check.loading && 'animate-spin')} aria-hidden="true" />
          {check.loading ? t.checking : t.check}
        </Button>
        {method === 'ORANGE' && (
          <Button variant="outline" onClick={() => void onResend()} disabled={resend.loading} data-testid="checkout-resend">
            {t.resend}
          </Button>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={() => void onCancel()} disabled={cancel.loading} className="text-muted-foreground">
        {t.cancel}
      </Button>
    </div>
  );
}

function FailureView({ order, onRetry }: { order: CheckoutOrder; onRetry(): void }) {
  const message = order.attempt?.failureMessage || (order.status === 'EXPIRED' ? t.windowOver : t.failureFallback);
  return (
    <div className="flex flex-col gap-4" data-testid="checkout-failure">
      <div role="alert" className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-destructive">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t.failureTitle}
        </p>
        <p className="text-sm" data-testid="checkout-failure-message">
          {message}
        </p>
      </div>
      <Button size="lg" onClick={onRetry} data-testid="checkout-retry">
        <RefreshCw aria-hidden="true" />
        {t.retry}
      </Button>
    </div>
  );
}
