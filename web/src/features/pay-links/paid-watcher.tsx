import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { toast } from '@/components/ui/toast';
import { useApolloClient, useApolloSubscription } from '@/data/hooks';
import { payForMeText as t } from '@/i18n/pay-links';
import MY_PAY_LINKS_PAID from './graphql/my-pay-links-paid.subscription.graphql';

/**
 * The signed-in requester, anywhere on the site: when someone pays one of their « Payer pour moi »
 * links, the subscription `myPayLinksPaid` says so at once; a toast (« Kofi a payé … pour vous »)
 * and the pages on screen asked again (the library shows the item without a reload). Its own chunk,
 * rendered only once someone is signed in. Without the live push (socket refused) nothing is lost:
 * the mail tells them, and the library shows the item on its next load.
 */
export default function PayLinkPaidWatcher() {
  const client = useApolloClient();
  const navigate = useNavigate();
  useApolloSubscription(MY_PAY_LINKS_PAID, {
    onData: ({ data: pushed }) => {
      const paid = pushed.data?.myPayLinksPaid;
      if (!paid) return;
      toast.success(t.paidForYou(paid.payerName ?? null, paid.itemTitle), {
        description: t.paidForYouHint,
        action: { label: t.openLibrary, onClick: () => navigate(paths.dashboard()) },
      });
      void client.refetchQueries({ include: 'active' });
    },
    onError: (error) => console.warn('pay links: live word of a paid link unavailable', error),
  });
  return null;
}
