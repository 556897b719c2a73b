import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { textLinkClass } from '@/components/content/rich-text';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { checkoutText as t, paymentMethodLabels } from '@/i18n/commerce';
import { consentText } from '@/i18n/my-data';
import type { UserError } from '@/lib/user-error';
import { PhoneField } from '@/features/account/phone-field';
import { CheckoutAlert } from './checkout-notices';
import { formatXaf } from './currency';
import type { PaymentMethod } from './types';
import { usePayForm, type PayFormOptions, type PayFormValues } from './use-pay-form';
import { PromoCodeField } from './checkout-promo-field';
import type { PromoCodeState } from './use-promo-code';

/** Choose and pay: the phone for Orange and MTN (NotchPay's note otherwise), consent to immediate access, the health-data consent when not given yet, 'Payer'. */
export function PayForm({
  quote,
  serverError,
  promo,
  ...options
}: Omit<PayFormOptions, 'promoCode' | 'onPromoRefused' | 'gift'> & { gift?: PayFormOptions['gift']; quote: { usdCents: number; xaf: number }; serverError: UserError | null; promo: PromoCodeState }) {
  const { form, submit, loading } = usePayForm({ ...options, gift: options.gift ?? null, promoCode: promo.applied?.code ?? null, onPromoRefused: promo.refused });
  const { method, requiresPhone } = options;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" aria-label={paymentMethodLabels[method]}>
      {requiresPhone ? <PayerPhone form={form} method={method} /> : <p className="text-sm text-muted-foreground">{t.notchpayNote}</p>}
      <PromoCodeField promo={promo} disabled={loading} />
      <ConsentField form={form} />
      {options.askHealthConsent && (
        <CheckboxField
          id="checkout-health-consent"
          data-testid="checkout-health-consent"
          label={consentText.healthAtPurchase}
          hint={consentText.healthAtPurchaseHint}
          error={form.formState.errors.healthConsent?.message}
          {...form.register('healthConsent')}
        />
      )}
      {serverError && <CheckoutAlert message={serverError.message} />}
      <Button type="submit" size="lg" disabled={loading} data-testid="checkout-submit">
        {loading ? t.processing : t.pay(formatXaf(promo.applied?.total.xaf ?? quote.xaf))}
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
  return (
    <CheckboxField
      id="checkout-consent"
      data-testid="checkout-consent"
      error={form.formState.errors.consent?.message}
      label={
        <>
          {t.consentBefore}
          <Link to={paths.terms()} target="_blank" className={textLinkClass}>
            {t.consentLink}
          </Link>
          {t.consentAfter}
        </>
      }
      {...form.register('consent')}
    />
  );
}
