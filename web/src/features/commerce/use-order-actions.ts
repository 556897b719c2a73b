import { useState } from 'react';
import { useApolloMutation } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { checkoutText as t } from '@/i18n/commerce';
import { toastFailure } from './checkout-failure';
import CANCEL_PAYMENT from './graphql/cancel-payment.mutation.graphql';
import CHECK_PAYMENT from './graphql/check-payment.mutation.graphql';
import RESEND_PAYMENT_PROMPT from './graphql/resend-payment-prompt.mutation.graphql';

/**
 * The waiting screen's three actions on a pending order: 'Vérifier' (ask the provider now),
 * 'Renvoyer' (Orange's prompt again) and 'Annuler'. A refusal becomes the screen's `note`; a failure
 * to get an answer is toasted ('Vérifier' then reads the order again).
 */
export function useOrderActions(orderId: string, refresh: () => Promise<void>, onCanceled: () => void) {
  const [checkPayment, check] = useApolloMutation(CHECK_PAYMENT);
  const [resendPrompt, resend] = useApolloMutation(RESEND_PAYMENT_PROMPT);
  const [cancelPayment, cancel] = useApolloMutation(CANCEL_PAYMENT);
  const [note, setNote] = useState<string | null>(null);
  const variables = { orderId };

  const onCheck = async () => {
    setNote(null);
    try {
      const { data } = await checkPayment({ variables });
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
      const { data } = await resendPrompt({ variables });
      if (data?.resendPaymentPrompt.error) setNote(data.resendPaymentPrompt.error.message);
      else toast.success(t.resent, { description: t.resentText });
    } catch (err) {
      toastFailure(err);
    }
  };

  const onCancel = async () => {
    try {
      const { data } = await cancelPayment({ variables });
      if (data?.cancelPayment.error) setNote(data.cancelPayment.error.message);
      else onCanceled();
    } catch (err) {
      toastFailure(err);
    }
  };

  return {
    note,
    check: { run: onCheck, loading: check.loading },
    resend: { run: onResend, loading: resend.loading },
    cancel: { run: onCancel, loading: cancel.loading },
  };
}
