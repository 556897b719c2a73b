import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useApolloMutation } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { checkoutText as t } from '@/i18n/commerce';
import { consentText } from '@/i18n/my-data';
import { toastUserError } from '@/lib/show-error';
import { browserPhoneCountry, readTypedPhone } from '@/lib/phone-country';
import type { GiftInput } from '@/generated/graphql';
import type { UserError } from '@/lib/user-error';
import { toastFailure } from './checkout-failure';
import { type CheckoutOrder } from './operations';
import type { CheckoutItem, PaymentMethod } from './types';
import START_CHECKOUT from './graphql/start-checkout.mutation.graphql';
import SET_HEALTH_DATA_CONSENT from '@/features/dashboard/my-data/graphql/set-health-data-consent.mutation.graphql';

export type PayFormValues = { consent: boolean; healthConsent: boolean; phoneCountry: string; phoneNumber: string };

const formSchema = (requiresPhone: boolean, askHealthConsent: boolean) =>
  z
    .object({
      consent: z.boolean().check(z.refine((v) => v, t.consentRequired)),
      healthConsent: z.boolean().check(z.refine((v) => v || !askHealthConsent, consentText.healthAtPurchaseRequired)),
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
  /** The person has not given the health-data consent (identity's User.healthDataConsent): the form asks for it. */
  askHealthConsent: boolean;
  /** What was typed before a failure: the phone is kept, consent is asked again. */
  initialValues: PayFormValues | null;
  /** The promo code commerce accepted in the dialog (the server checks it again), null: none. */
  promoCode: string | null;
  /** « Offrir »: for whom and the message (commerce checks them); null: for me. */
  gift: GiftInput | null;
  /** « Payer » refused the code (e.g. its last use taken meanwhile): said under its field. */
  onPromoRefused(message: string): void;
  onSubmitted(values: PayFormValues): void;
  onStarted(order: CheckoutOrder): void;
  onRefused(error: UserError): void;
}

/**
 * The payment form's state and its submit: commerce's `startCheckout` with the consent and, for
 * Orange and MTN, the phone; a refusal of the phone goes under the field, any other to `onRefused`.
 *
 * Buying requires the health-data consent, asked here when it was not given at sign-up (issue 23).
 * What a person buys on a health site reveals their health concerns (EU case law C-184/20, C-21/23:
 * data from which health can be inferred is health data; Cameroon's law 2024/017 classes it as
 * sensitive), and no basis other than explicit consent lets LBF process it for a sale (GDPR art.
 * 9(2)(a)): the order, the access it gives and the receipt are that processing, so the consent is
 * not an extra asked in exchange for the service (art. 7(4)) but the condition of the service
 * itself, said as such beside the box. It is recorded first, in identity's history with its
 * version, time and source 'purchase'; once it is, the checkout starts, saying so (consentHealthData:
 * commerce refuses a checkout without it unless its read model of identity.user.consent_changed,
 * which may lag the consent given a moment earlier, has it). Withdrawn later, it stops
 * everything not needed to deliver what was bought (watch progress, views tied to the person); the
 * purchase stays accessible, and the order and receipt are kept for the accounting period the law
 * imposes (a legal obligation, not the consent).
 */
export function usePayForm({ item, method, requiresPhone, askHealthConsent, initialValues, promoCode, gift, onPromoRefused, onSubmitted, onStarted, onRefused }: PayFormOptions) {
  const [startCheckout, { loading }] = useApolloMutation(START_CHECKOUT);
  const [giveHealthConsent, consenting] = useApolloMutation(SET_HEALTH_DATA_CONSENT);
  const form = useForm<PayFormValues>({
    resolver: zodResolver(formSchema(requiresPhone, askHealthConsent)),
    reValidateMode: 'onChange',
    // Consent is asked again on every attempt; the phone is kept.
    // The picker starts on the visitor's country, as the sign-up's does (lib/phone-country.ts).
    defaultValues: { consent: false, healthConsent: false, phoneCountry: initialValues?.phoneCountry ?? browserPhoneCountry(), phoneNumber: initialValues?.phoneNumber ?? '' },
  });

  const submit = form.handleSubmit(
    async (values) => {
      toast.dismiss('checkout-missing');
      onSubmitted(values);
      const phone = requiresPhone ? readTypedPhone(values.phoneNumber, values.phoneCountry).e164 : null;
      try {
        if (askHealthConsent) {
          const given = (await giveHealthConsent({ variables: { input: { given: true, source: 'PURCHASE' } } })).data?.setHealthDataConsent;
          if (!given || given.error) {
            if (given?.error) toastUserError(given.error);
            else toastFailure(new Error('setHealthDataConsent: empty answer'));
            return;
          }
        }
        const { data } = await startCheckout({
          variables: {
            // Given just now (recorded above) or earlier: commerce checks it too, and may not have heard yet.
            input: { itemId: item.id, itemType: item.type, method, phone, consentImmediateAccess: values.consent, consentHealthData: true, promoCode, gift },
          },
        });
        const result = data?.startCheckout;
        if (result?.order) onStarted(result.order);
        else if (result?.error) {
          if (result.error.field === 'phone') form.setError('phoneNumber', { message: result.error.message });
          else if (result.error.field === 'promoCode') onPromoRefused(result.error.message);
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

  return { form, submit, loading: loading || consenting.loading };
}
