import { settle as asResult, type AuthUser, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import type { CommerceDeps } from '../deps';
import type { Gift as GiftGql } from '../generated/graphql';
import { refusal } from '../shared/errors';
import { GIFT_ERRORS } from '../shared/messages';
import { issueGiftLink } from './issue-link';
import { giftStatus, giftUrl } from './rules';
import { giftsOfBuyer, lockGift } from './store';
import { giftView } from './views';

/** « Mes cadeaux »: the gifts I paid for. */
export async function myGifts(deps: CommerceDeps, user: AuthUser): Promise<GiftGql[]> {
  return (await giftsOfBuyer(deps.ds.manager, user.userId)).map(giftView);
}

/**
 * « Renvoyer »: a new link for my paid gift not received yet (the previous one stops working),
 * mailed again to an e-mail recipient (commerce.gift.sent) and returned to me to copy or share
 * (a phone recipient's only way to get it).
 */
export async function resendGift(deps: CommerceDeps, user: AuthUser, giftId: string): Promise<Result<{ gift: GiftGql; url: string }>> {
  return asResult(() =>
    deps.uow.run(async (tx) => {
      const gift = z.uuid().safeParse(giftId).success ? await lockGift(tx.manager, giftId) : null;
      if (!gift || gift.buyerId !== user.userId) throw refusal('GIFT_NOT_FOUND', GIFT_ERRORS.NOT_FOUND);
      const status = giftStatus({ claimedAt: gift.claimedAt, canceledAt: gift.canceledAt, orderStatus: gift.orderStatus });
      if (status === 'CLAIMED') throw refusal('GIFT_CLAIMED', GIFT_ERRORS.CLAIMED);
      if (status === 'CANCELED') throw refusal('GIFT_CANCELED', GIFT_ERRORS.CANCELED);
      if (status === 'UNPAID') throw refusal('GIFT_NOT_PAID', GIFT_ERRORS.NOT_PAID);
      const now = deps.now();
      const token = await issueGiftLink(tx, gift, now);
      return { gift: giftView({ ...gift, linkIssuedAt: now }), url: giftUrl(deps.config.publicUrl, token) };
    }),
  );
}
