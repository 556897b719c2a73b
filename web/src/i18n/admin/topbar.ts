/** The admin top bar's texts: the search and the bell (issue 10 §4). The rest is fr.admin. */
import type { AdminAlertKind } from '@/generated/graphql';

export const topbarFr = {
  /** The bell's time of an alert under 45 seconds old (the others: Intl's « il y a 5 minutes »). */
  justNow: "à l'instant",
  openSearch: 'Ouvrir la recherche',
  closeSearch: 'Fermer la recherche',
  searching: 'Recherche...',
  noResult: (search: string) => `Aucun résultat pour « ${search} »`,
  searchFailure: 'La recherche a échoué.',
  minChars: 'Tapez au moins 2 caractères.',
  results: 'Résultats de la recherche',
  groups: {
    users: 'Utilisateurs',
    videos: 'Vidéos',
    pdfs: 'PDFs',
    articles: 'Actualités',
  },
  more: (n: number) => `+ ${n} autre${n > 1 ? 's' : ''}`,
  bellLabel: (n: number) => (n === 0 ? 'Notifications, aucune nouvelle' : `Notifications, ${n} nouvelle${n > 1 ? 's' : ''}`),
  bellTitle: 'Notifications',
  empty: 'Aucune notification',
  loadFailure: 'Impossible de charger les notifications.',
  summary: {
    CONTACT: (n: number) => `${n} message${n > 1 ? 's' : ''} de contact`,
    PAYMENT: (n: number) => `${n} paiement${n > 1 ? 's' : ''} à rapprocher`,
    PROCESSING: (n: number) => `${n} traitement${n > 1 ? 's' : ''} en échec`,
    SALE: (n: number) => `${n} nouvelle${n > 1 ? 's' : ''} vente${n > 1 ? 's' : ''}`,
  } satisfies Record<AdminAlertKind, (n: number) => string>,
} as const;
