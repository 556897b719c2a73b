import type { EventData } from '@lbf/proto-events';
import { purchaseCompleted } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';

/** A commerce.purchase.completed payload: a guide sold 6 000 FCFA by Orange Money unless told otherwise. */
export function purchase(over: Partial<EventData<'commerce.purchase.completed'>> & { buyerId: string; completedAt: string }): EventData<'commerce.purchase.completed'> {
  return purchaseCompleted({
    receiptNumber: `LBF-${randomUUID().slice(0, 6)}`,
    buyerEmail: 'awa@example.cm',
    itemType: 'pdf',
    itemTitle: 'Guide des plantes',
    amountUsdCents: 1000,
    amountXaf: 6000,
    provider: 'orange',
    operatorTransactionId: 'tx-1',
    ...over,
  });
}
