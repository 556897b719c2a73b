import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useApolloMutation } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { checkoutText as t } from '@/i18n/commerce';
import { browserPhoneCountry, readTypedPhone } from '@/lib/phone-country';
import type { UserError } from '@/lib/user-error';
import { toastFailure } from './checkout-failure';
import { START_CHECKOUT, type CheckoutOrder } from './operations';
import type { CheckoutItem, PaymentMethod } from './types';

export type PayFormValues = { consent: boolean; phoneCountry: string; phoneNumber: string };

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

export interface PayFormOptions {
  item: CheckoutItem;
  method: PaymentMethod;
  requiresPhone: boolean;
  /** What was typed before a failure: the phone is kept, consent is asked again. */
  initialValues: PayFormValues | null;
  onSubmitted(values: PayFormValues): void;
  onStarted(order: CheckoutOrder): void;
  onRefused(error: UserError): void;
}

/**
 * The payment form's state and its submit: commerce's `startCheckout` with the consent and, for
 * Orange and MTN, the phone; a refusal of the phone goes under the field, any other to `onRefused`.
 */
export function usePayForm({ item, method, requiresPhone, initialValues, onSubmitted, onStarted, onRefused }: PayFormOptions) {
  const [startCheckout, { loading }] = useApolloMutation(START_CHECKOUT);
  const form = useForm<PayFormValues>({
    resolver: zodResolver(formSchema(requiresPhone)),
    reValidateMode: 'onChange',
    // Consent is asked again on every attempt; the phone is kept.
    // The picker starts on the visitor's country, as the sign-up's does (lib/phone-country.ts).
    defaultValues: { consent: false, phoneCountry: initialValues?.phoneCountry ?? browserPhoneCountry(), phoneNumber: initialValues?.phoneNumber ?? '' },
  });

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

  return { form, submit, loading };
}
