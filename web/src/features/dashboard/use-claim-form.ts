import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApolloClient, useApolloMutation } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { afterPurchase } from '@/features/commerce/after-purchase';
import { checkoutText, purchasesText as t } from '@/i18n/commerce';
import { fr } from '@/i18n/fr';
import CLAIM_PAYMENT from '@/features/commerce/graphql/claim-payment.mutation.graphql';

export interface ClaimValues {
  orderId: string;
  operatorTransactionId: string;
  phone: string;
  paidAt: string;
}

/**
 * The claim's state and its submit: one of the order, the operator's transaction id, or the phone
 * with the time of payment; commerce's answer is shown, and a resolved claim refreshes the lists.
 */
export function useClaimForm() {
  const client = useApolloClient();
  const [claimPayment, { loading }] = useApolloMutation(CLAIM_PAYMENT);
  const [answer, setAnswer] = useState<{ resolved: boolean; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ClaimValues>({ defaultValues: { orderId: '', operatorTransactionId: '', phone: '', paidAt: '' } });

  const submit = form.handleSubmit(async (values) => {
    setAnswer(null);
    const orderId = values.orderId || null;
    const operatorTransactionId = values.operatorTransactionId.trim() || null;
    const phone = values.phone.replace(/[^\d+]/g, '') || null;
    const paidAt = values.paidAt ? new Date(values.paidAt).toISOString() : null;
    if (!orderId && !operatorTransactionId && !(phone && paidAt)) {
      setFormError(t.claim.needOne);
      return;
    }
    setFormError(null);
    try {
      const { data } = await claimPayment({ variables: { input: { orderId, operatorTransactionId, phone, paidAt } } });
      const result = data?.claimPayment;
      if (!result) throw new Error('claimPayment: empty answer');
      if (result.error) {
        setFormError(result.error.message);
        return;
      }
      setAnswer({ resolved: result.resolved, message: result.message });
      if (result.resolved) {
        toast.success(t.claim.resolvedTitle, { description: result.message });
        if (result.order) await afterPurchase(client, { id: result.order.itemId, type: result.order.itemType });
      }
    } catch (err) {
      console.error('claim:', err);
      toast.error(fr.common.error, { description: checkoutText.failureFallback });
    }
  });

  return { form, submit, loading, answer, formError };
}
