import { settle as asResult, type AuthUser, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { hasPaid } from '../checkout/store';
import type { CommerceDeps } from '../deps';
import { buyerNameOf, buyerOf, placeholderEmail } from '../feeds';
import type { GiftLink as GiftLinkGql } from '../generated/graphql';
import { refusal, refused } from '../shared/errors';
import { linkTokenHash, wellFormedLinkToken } from '../shared/link-token';
import { GIFT_ERRORS } from '../shared/messages';
import { firstNameOf } from './rules';
import { giftByHash, markClaimed, type GiftRecord } from './store';
import { giftLinkView } from './views';

async function linkView(manager: EntityManager, gift: GiftRecord, viewerId: string | null): Promise<GiftLinkGql> {
  const buyer = await buyerOf(manager, gift.buyerId);
  return giftLinkView(gift, firstNameOf(buyer?.firstName), viewerId);
}

/** The claim page: the gift by its link's token, for anyone (null when unknown, or replaced by a newer link). */
export async function giftLink(deps: CommerceDeps, token: string, viewer: AuthUser | null): Promise<GiftLinkGql | null> {
  if (!wellFormedLinkToken(token)) return null;
  const gift = await giftByHash(deps.ds.manager, linkTokenHash(token));
  return gift ? linkView(deps.ds.manager, gift, viewer?.userId ?? null) : null;
}

/** Why this gift cannot be received by this person now (in French), thrown to roll back; null when it can. */
async function refusalFor(manager: EntityManager, gift: GiftRecord, user: AuthUser) {
  if (gift.claimedBy) return gift.claimedBy === user.userId ? null : refusal('GIFT_CLAIMED', GIFT_ERRORS.CLAIMED);
  if (gift.canceledAt || gift.orderStatus === 'refunded') return refusal('GIFT_CANCELED', GIFT_ERRORS.CANCELED);
  if (gift.orderStatus !== 'completed' || !gift.receiptNumber) return refusal('GIFT_NOT_PAID', GIFT_ERRORS.NOT_PAID);
  if (await hasPaid(manager, user.userId, gift.itemId)) return refusal('GIFT_OWNED', GIFT_ERRORS.OWNED);
  return null;
}

/**
 * « Recevoir ce cadeau »: in one transaction, the gift (and its order) locked by the link's token,
 * checked, marked received by me, and commerce.gift.claimed through the outbox (catalogue grants me
 * the item, keyed by the gift's order). Two claims at once queue on the lock: the first receives it,
 * the other is refused (or, mine twice, sees it received). An item I own already is refused and the
 * gift stays unclaimed.
 */
export async function claimGift(deps: CommerceDeps, user: AuthUser, token: string): Promise<Result<GiftLinkGql>> {
  if (!wellFormedLinkToken(token)) return refused('GIFT_NOT_FOUND', GIFT_ERRORS.NOT_FOUND);
  return asResult(() =>
    deps.uow.run(async (tx) => {
      const gift = await giftByHash(tx.manager, linkTokenHash(token), true);
      if (!gift) throw refusal('GIFT_NOT_FOUND', GIFT_ERRORS.NOT_FOUND);
      const why = await refusalFor(tx.manager, gift, user);
      if (why) throw why;
      if (gift.claimedBy) return linkView(tx.manager, gift, user.userId);
      const now = deps.now();
      await markClaimed(tx.manager, gift.id, user.userId, now);
      const claimer = await buyerOf(tx.manager, user.userId);
      const name = await buyerNameOf(tx.manager, user.userId);
      await tx.emit('commerce.gift.claimed', {
        giftId: gift.id,
        orderId: gift.orderId,
        receiptNumber: gift.receiptNumber!,
        buyerId: gift.buyerId,
        claimerId: user.userId,
        claimerEmail: claimer?.email ?? placeholderEmail(user.userId),
        ...(name ? { claimerName: name } : {}),
        itemId: gift.itemId,
        itemType: gift.itemType,
        itemTitle: gift.itemTitle,
        claimedAt: now.toISOString(),
      });
      deps.log.info({ giftId: gift.id, orderId: gift.orderId, claimerId: user.userId }, 'gift claimed');
      return linkView(tx.manager, { ...gift, claimedBy: user.userId, claimedAt: now }, user.userId);
    }),
  );
}
