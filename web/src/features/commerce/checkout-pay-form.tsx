import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { checkoutText as t, paymentMethodLabels } from '@/i18n/commerce';
import type { UserError } from '@/lib/user-error';
import { PhoneField } from '@/features/account/phone-field';
import { CheckoutAlert } from './checkout-notices';
import { formatXaf } from './currency';
import type { PaymentMethod } from './types';
import { usePayForm, type PayFormOptions, type PayFormValues } from './use-pay-form';

/** Choose and pay: the phone for Orange and MTN (NotchPay's note otherwise), consent to immediate access, 'Payer'. */
export function PayForm({ quote, serverError, ...options }: PayFormOptions & { quote: { usdCents: number; xaf: number }; serverError: UserError | null }) {
  const { form, submit, loading } = usePayForm(options);
  const { method, requiresPhone } = options;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label={paymentMethodLabels[method]}>
      {requiresPhone ? <PayerPhone form={form} method={method} /> : <p className="text-sm text-muted-foreground">{t.notchpayNote}</p>}
      <ConsentField form={form} />
      {serverError && <CheckoutAlert message={serverError.message} />}
      <Button type="submit" size="lg" disabled={loading} data-testid="checkout-submit">
        {loading ? t.processing : t.pay(formatXaf(quote.xaf))}
      </Button>
    </form>
  );
}

function PayerPhone({ form, method }: { form: UseFormReturn<PayFormValues>; method: PaymentMethod }) {
  return (
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
  );
}

/** Consent to immediate access (waiving the withdrawal period), with the terms' link. */
function ConsentField({ form }: { form: UseFormReturn<PayFormValues> }) {
  const error = form.formState.errors.consent;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id="checkout-consent"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-consent-error' : undefined}
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
      <FieldError id="checkout-consent-error" message={error?.message} />
    </div>
  );
}
