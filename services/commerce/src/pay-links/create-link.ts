import { ok, parseInput, type AuthUser, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hasPaid } from '../checkout/store';
import { itemKind, itemTypeInput } from '../checkout/rules';
import type { CommerceDeps } from '../deps';
import { healthConsentGiven, priceOf } from '../feeds';
import type { CreatedPayLink } from '../generated/graphql';
import { refused } from '../shared/errors';
import { linkTokenHash, newLinkToken } from '../shared/link-token';
import { ERRORS, PAY_LINK_ERRORS } from '../shared/messages';
import { PAY_LINK_MS } from './rules';
import { insertLink } from './store';

const createArgs = z.object({
  itemId: z.uuid({ message: ERRORS.NOT_FOR_SALE }),
  itemType: itemTypeInput,
  consentHealthData: z.boolean().nullish(),
});

/** The page a link opens: the web's public route /payer-pour-moi/{token}. */
export function payLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/payer-pour-moi/${token}`;
}

/**
 * « Payer pour moi »: a link for someone else to pay this item, for my library. The item is mine
 * once paid, so my health-data consent is what the sale needs (seen from identity, or asserted by
 * the dialog as startCheckout accepts). Refused for an item I own or that is not for sale.
 */
export async function createPayLink(deps: CommerceDeps, user: AuthUser, raw: unknown): Promise<Result<CreatedPayLink>> {
  const input = parseInput(createArgs, raw);
  if (!input.ok) return input;
  const { itemId, itemType, consentHealthData } = input.value;
  const manager = deps.ds.manager;
  if (!consentHealthData && !(await healthConsentGiven(manager, user.userId))) {
    return refused('HEALTH_CONSENT_REQUIRED', ERRORS.HEALTH_CONSENT_REQUIRED, { field: 'consentHealthData' });
  }
  const price = await priceOf(manager, itemId);
  if (!price || !price.forSale || price.itemType !== itemKind(itemType)) return refused('NOT_FOR_SALE', ERRORS.NOT_FOR_SALE, { field: 'itemId' });
  if (await hasPaid(manager, user.userId, itemId)) return refused('ALREADY_PURCHASED', PAY_LINK_ERRORS.ALREADY_OWNED);
  const token = newLinkToken();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + PAY_LINK_MS);
  await insertLink(manager, { id: randomUUID(), tokenHash: linkTokenHash(token), requesterId: user.userId, itemId, itemType: price.itemType, createdAt: now, expiresAt });
  return ok({ token, url: payLinkUrl(deps.config.publicUrl, token), expiresAt: expiresAt.toISOString() });
}
