import type { CsvCell } from '@lbf/service-kit';
import { z } from 'zod';
import type { OrderRecord } from '../orders';
import { PAYMENT_METHODS } from '../providers';
import { ERRORS, METHOD_LABELS } from '../shared/messages';

export const orderFilter = z
  .object({
    status: z.enum(['CREATED', 'PENDING', 'COMPLETED', 'FAILED', 'EXPIRED', 'CANCELED', 'REFUNDED']).nullish(),
    method: z.enum(PAYMENT_METHODS).nullish(),
    from: z.iso.date({ message: 'Date invalide.' }).nullish(),
    to: z.iso.date({ message: 'Date invalide.' }).nullish(),
    search: z.string().trim().max(200).nullish(),
  })
  .nullish();

export const reasonInput = z.object({
  orderId: z.uuid({ message: ERRORS.ORDER_NOT_FOUND }),
  reason: z.string().trim().min(1, { message: ERRORS.REASON_REQUIRED }).max(500),
});

const STATUS_FR: Record<string, string> = {
  created: 'Créée',
  pending: 'En attente',
  completed: 'Complété',
  failed: 'Échoué',
  expired: 'Expiré',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};

export const CSV_HEADER = ['Date', 'Commande', 'Reçu', 'Client', 'Type', 'Contenu', 'Montant (FCFA)', 'Code promo', 'Remise (FCFA)', 'Méthode', 'Statut', 'Transaction opérateur', 'Payé le'];

/** One order as a row of the export: its latest attempt's method (or « Accordé »), the paying attempt's transaction id. */
export function csvRow({ order: o, attempts }: OrderRecord): CsvCell[] {
  const last = attempts[attempts.length - 1];
  const paid = attempts.find((a) => a.status === 'completed');
  return [
    o.createdAt,
    o.id,
    o.receiptNumber ?? '',
    o.buyerEmail,
    o.itemType === 'video' ? 'Vidéo' : 'PDF',
    o.itemTitle,
    o.amountXaf,
    o.promoCode ?? '',
    o.promoCode ? o.discountXaf : '',
    last ? METHOD_LABELS[last.provider] : o.adminActionKind === 'granted' ? 'Accordé' : '',
    STATUS_FR[o.status] ?? o.status,
    (paid ?? last)?.operatorTransactionId ?? '',
    o.completedAt,
  ];
}
