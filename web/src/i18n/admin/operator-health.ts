import type { MobileOperator, PaymentHealthStatus } from '@/generated/graphql';
import { formatCount } from '@/lib/format/number';

const n = formatCount;

/** The payments page's « Santé des opérateurs » tab: each method's health now and its last 24 hours. */
export const operatorHealthFr = {
  tabs: {
    label: 'Vue des paiements',
    orders: 'Commandes',
    health: 'Santé des opérateurs',
  },
  intro: (minutes: number) => `Chaque moyen de paiement sur les ${n(minutes)} dernières minutes, d'après nos propres tentatives, puis heure par heure sur 24 heures.`,
  rule: (percent: string, settled: number, seconds: string, approvals: number) =>
    `En difficulté sous ${percent} de réussite (au moins ${n(settled)} paiements aboutis) ; lent au-delà de ${seconds} de délai médian (au moins ${n(approvals)} paiements approuvés). Un délai dépassé sans réponse de l'opérateur n'est pas compté comme un échec.`,
  status: {
    OK: 'Normal',
    SLOW: 'Lent',
    FAILING: 'En difficulté',
    UNKNOWN: 'Pas assez de données',
  } as Record<PaymentHealthStatus, string>,
  figures: {
    successRate: 'Taux de réussite',
    median: 'Délai médian',
    p90: '9 sur 10 en moins de',
    settled: 'Paiements aboutis',
    unknown: 'Sans réponse (délai dépassé)',
    pending: 'En attente',
  },
  none: '—',
  via: (operator: string) => `Via ${operator}`,
  operators: { ORANGE: 'Orange Money', MTN: 'MTN Mobile Money' } as Record<MobileOperator, string>,
  chartTitle: 'Dernières 24 heures',
  chartLabel: (method: string) => `${method} : paiements réussis, échoués et sans réponse par heure, et délai médian d'approbation`,
  series: {
    completed: 'Réussis',
    failed: 'Échoués',
    unknown: 'Sans réponse',
    median: 'Délai médian (s)',
  },
  noAttempts: 'Aucune tentative de paiement sur les dernières 24 heures.',
  noMethods: "Aucun moyen de paiement n'est proposé.",
  loadFailure: 'Impossible de charger la santé des opérateurs.',
  retry: 'Réessayer',
};
