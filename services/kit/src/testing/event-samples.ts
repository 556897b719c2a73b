import type { EventData } from '@lbf/proto-events';
import { randomUUID } from 'node:crypto';

/**
 * An identity.user.registered payload as identity publishes it: a new account (Awa, a fresh e-mail)
 * made by the sign-up form now, unless `over` says otherwise. Every service's tests start their users
 * from it, so a new field of the event is added here once.
 */
export function userRegistered(over: Partial<EventData<'identity.user.registered'>> = {}): EventData<'identity.user.registered'> {
  return {
    userId: randomUUID(),
    email: `awa.${randomUUID().slice(0, 8)}@example.cm`,
    firstName: 'Awa',
    lastName: 'Mbarga',
    phone: null,
    registeredAt: new Date().toISOString(),
    origin: 'sign-up',
    ...over,
  };
}

/**
 * A commerce.purchase.completed payload as commerce publishes it: a video sold 2 356 FCFA (3,59 USD) by
 * MTN Mobile Money to a new buyer, now, unless `over` says otherwise.
 */
export function purchaseCompleted(over: Partial<EventData<'commerce.purchase.completed'>> = {}): EventData<'commerce.purchase.completed'> {
  return {
    orderId: randomUUID(),
    receiptNumber: 'LBF-2026-000001',
    buyerId: randomUUID(),
    buyerEmail: 'awa.mbarga@example.cm',
    itemId: randomUUID(),
    itemType: 'video',
    itemTitle: 'Gestion du stress',
    amountUsdCents: 359,
    amountXaf: 2356,
    provider: 'mtn',
    operatorTransactionId: '1234567890',
    completedAt: new Date().toISOString(),
    ...over,
  };
}

/**
 * An `<service>.admin.action_recorded` payload: an administrator bans a customer from the back-office,
 * with a reason, unless `over` says otherwise.
 */
export function adminActionRecorded(over: Partial<EventData<'identity.admin.action_recorded'>> = {}): EventData<'identity.admin.action_recorded'> {
  return {
    action: 'user.banned',
    actor: { userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10', name: 'Éloïse Mbarga', email: 'Eloise@LBF.test' },
    origin: 'back-office',
    ip: '10.1.2.3',
    userAgent: 'Mozilla/5.0',
    target: { type: 'user', id: '3f1e1c4a-1111-4222-8333-944455556666', label: 'Jean Éboué <jean@exemple.test>' },
    details: { reason: 'secret de fabrication' },
    occurredAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}
