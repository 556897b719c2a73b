import { requireUser } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { PayLinkPaid, SubscriptionResolvers } from '../generated/graphql';
import { payLinkNudgeKey } from './rules';
import { latestLinkPaidFor } from './store';


/** `myPayLinksPaid`: each link of the signed-in requester paid from now on (the latest, pushed once). */
export function payLinkSubscriptions(deps: CommerceDeps): Pick<SubscriptionResolvers, 'myPayLinksPaid'> {
  return {
    myPayLinksPaid: {
      subscribe: (_p, _a, ctx) => {
        const user = requireUser(ctx);
        const since = deps.now();
        const load = async (): Promise<PayLinkPaid | null> => {
          const row = await latestLinkPaidFor(deps.ds.manager, user.userId, since);
          if (!row) return null;
          const { completedAt, itemType, ...rest } = row;
          return { ...rest, itemType: itemType === 'video' ? 'VIDEO' : 'PDF', paidAt: completedAt.toISOString() };
        };
        return deps.updates.stream(payLinkNudgeKey(user.userId), load, { distinct: true });
      },
      resolve: (payload: PayLinkPaid) => payload,
    },
  };
}
