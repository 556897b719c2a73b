/**
 * Every string of the customer's side of commerce: payment buttons and dialog, dashboard, purchases,
 * receipt and the "J'ai payé mais je n'ai pas accès" form. Texts the product spec quotes (§2
 * Customer dashboard, §8 Payment) are copied verbatim; the others are worded here so a translator
 * finds them in one place.
 */
import type { OrderStatus } from '@/generated/graphql';
import { payButtonsText } from './commerce-buttons';

export { paymentMethodLabels } from './commerce-buttons';

export const orderStatusLabels = {
  CREATED: 'En attente',
  PENDING: 'En attente',
  COMPLETED: 'Complété',
  FAILED: 'Échoué',
  EXPIRED: 'Expiré',
  CANCELED: 'Annulé',
  REFUNDED: 'Remboursé',
} as const satisfies Record<OrderStatus, string>;

export const checkoutText = {
  ...payButtonsText,
  notSignedIn: 'Utilisateur non connecté',
  loading: 'Chargement du paiement...',
  itemVideo: 'Vidéo',
  itemPdf: 'Guide PDF',
  amount: 'Montant à payer',
  usdEquivalent: (usd: string) => `soit ${usd}`,
  notForSale: "Ce contenu n'est pas en vente pour le moment.",
  methodUnavailable: "Ce moyen de paiement n'est pas disponible pour le moment.",
  sandboxBanner: 'Mode test : paiements simulés',
  consentBefore: "Je demande l'accès immédiat au contenu et renonce à mon ",
  consentLink: 'droit de rétractation',
  consentAfter: '.',
  consentRequired: "Cochez cette case pour accéder au contenu dès le paiement.",
  phoneLabel: (method: string) => `Numéro ${method}`,
  missingInfo: 'Informations manquantes',
  missingPhone: 'Veuillez saisir votre numéro de téléphone.',
  phoneInvalid: "Ce numéro de téléphone n'est pas valide pour le pays choisi.",
  notchpayNote: 'Vous finaliserez le paiement sur la page sécurisée de NotchPay (mobile money ou carte).',
  pay: (amount: string) => `Payer ${amount}`,
  processing: 'Traitement...',
  waitingTitle: 'Confirmez le paiement sur votre téléphone',
  notchpayWaitingTitle: 'Finalisez le paiement sur la page NotchPay',
  notchpayWaitingText:
    "La page de paiement s'ouvre dans un nouvel onglet. Revenez ici une fois le paiement effectué : l'accès s'ouvre dès que NotchPay le confirme.",
  openNotchpay: 'Ouvrir la page de paiement',
  sentTo: (phone: string) => `Demande envoyée au ${phone}`,
  timeLeft: 'Temps restant',
  windowOver: 'Le délai de confirmation est dépassé.',
  waitingStatus: 'En attente de votre confirmation...',
  check: 'Vérifier',
  checking: 'Vérification...',
  stillPending: "Le paiement n'est pas encore confirmé par l'opérateur.",
  resend: 'Renvoyer la demande',
  resent: 'Demande renvoyée',
  resentText: 'Une nouvelle demande a été envoyée sur votre téléphone.',
  cancel: 'Annuler le paiement',
  success: 'Paiement réussi',
  successText: (method: string) => `Paiement ${method} confirmé : le contenu est disponible dans votre tableau de bord.`,
  failureTitle: 'Paiement non abouti',
  failureFallback: 'Une erreur est survenue lors du traitement.',
  saveFailure: "Une erreur est survenue lors de l'enregistrement.",
  retry: 'Réessayer',
  alreadyOwned: 'Vous avez déjà accès à ce contenu.',
  goToDashboard: 'Mon tableau de bord',
  // Operator health (issue 26): said before the push when the method's operator is degraded.
  operatorSlow: (method: string) => `${method} répond lentement en ce moment : la confirmation peut prendre plusieurs minutes`,
  operatorFailing: (method: string) => `${method} rencontre des difficultés en ce moment : le paiement risque d'échouer`,
  switchMethod: (method: string) => `Payer plutôt avec ${method}`,
  // Promo codes (issue 26): the discount is commerce's figure, shown before paying.
  promoLabel: 'Code promo',
  promoPlaceholder: 'Saisissez votre code',
  promoApply: 'Appliquer',
  promoApplying: 'Vérification...',
  promoRemove: 'Retirer',
  promoApplied: (code: string) => `Code ${code} appliqué`,
  promoDiscount: (xaf: string, usd: string) => `Remise : -${xaf} (-${usd})`,
  promoTotal: (xaf: string, usd: string) => `Nouveau total : ${xaf} (${usd})`,
  promoEmpty: 'Saisissez un code promo.',
} as const;

export const dashboardText = {
  tabs: { library: 'Ma bibliothèque', purchases: 'Achats' },
  loading: 'Chargement de votre tableau de bord...',
  loadError: 'Impossible de charger vos contenus.',
  retry: 'Réessayer',
  currency: 'Devise',
  /** What the viewer's lessons downloaded this month (issue 25): « … : 12 Mo (dont 4 Mo hors ligne) », the part offline only once there is one. */
  lessonData: (total: string, offline: string | null) =>
    `Données utilisées ce mois-ci par les leçons : ${total}${offline ? ` (dont ${offline} hors ligne)` : ''}`,
  counters: {
    videosBought: 'Vidéos achetées',
    videosBoughtNote: 'Accès permanent',
    pdfsBought: 'PDFs achetés',
    pdfsBoughtNote: 'Téléchargements illimités',
    videosAvailable: 'Vidéos disponibles',
    videosAvailableNote: (price: string) => `${price} chacune`,
    pdfsAvailable: 'PDFs disponibles',
    pdfsAvailableNote: (price: string) => `${price} chacun`,
  },
  sections: {
    availableVideos: "Vidéos disponibles à l'achat",
    availablePdfs: "PDFs disponibles à l'achat",
    purchasedVideos: 'Mes vidéos achetées',
    purchasedPdfs: 'Mes PDFs achetés',
  },
  empty: 'Aucun contenu disponible',
  emptyVideos: 'Aucune vidéo disponible pour le moment.',
  emptyPdfs: 'Aucun PDF disponible pour le moment.',
  noPurchasedVideos: "Vous n'avez encore acheté aucune vidéo.",
  noPurchasedPdfs: "Vous n'avez encore acheté aucun PDF.",
  watch: 'Regarder',
  resume: 'Reprendre',
  /** The progress bar's accessible name on a purchased video's card. */
  watched: (percent: number) => `Regardée à ${percent} %`,
  read: 'Lire',
  download: 'Télécharger',
  downloadFailed: 'Téléchargement impossible',
  pages: (count: number) => `${count} pages`,
} as const;

export const purchasesText = {
  title: 'Mes achats',
  loading: 'Chargement de vos achats...',
  loadError: 'Impossible de charger les achats.',
  empty: 'Aucun achat effectué pour le moment.',
  date: 'Date',
  item: 'Article',
  amount: 'Montant',
  method: 'Méthode',
  status: 'Statut',
  receipt: 'Reçu',
  viewReceipt: 'Voir le reçu',
  total: (amount: string) => `Total dépensé : ${amount}`,
  claim: {
    title: "J'ai payé mais je n'ai pas accès",
    intro:
      "Indiquez la commande ou l'identifiant de transaction reçu par SMS, ou à défaut le numéro qui a payé et l'heure du paiement : nous interrogeons l'opérateur.",
    order: 'Commande',
    noOrder: '— Choisir une commande —',
    transactionId: "Identifiant de transaction de l'opérateur",
    transactionPlaceholder: 'ex. MP240101.1234.A12345',
    phone: 'Numéro qui a payé',
    paidAt: 'Date et heure du paiement',
    submit: 'Vérifier mon paiement',
    pending: 'Vérification...',
    needOne: "Indiquez la commande, l'identifiant de transaction, ou le numéro et l'heure du paiement.",
    resolvedTitle: 'Achat réussi',
  },
} as const;

export const receiptText = {
  documentTitle: 'Reçu',
  title: 'Reçu de paiement',
  loading: 'Chargement du reçu...',
  notFound: 'Reçu introuvable.',
  notCompleted: "Ce paiement n'est pas confirmé : aucun reçu n'est disponible.",
  /** The receipt's number, shown once, under the title. */
  numberPrefix: 'Reçu n°',
  date: 'Date',
  item: 'Article',
  itemType: { VIDEO: 'Vidéo', PDF: 'Guide PDF' },
  amount: 'Montant',
  listPrice: 'Prix',
  promo: 'Code promo',
  discount: 'Remise',
  amountPaid: 'Montant payé',
  method: 'Méthode de paiement',
  operatorTransaction: "Transaction de l'opérateur",
  granted: 'Attribué par un administrateur',
  customer: 'Client',
  order: 'Commande',
  print: 'Imprimer',
  back: 'Retour à mes achats',
  /** The seller's lines under its name (the same words as the PDF attached to the receipt mail). */
  taxId: (niu: string) => `NIU : ${niu}`,
  contact: (parts: string) => `Contact : ${parts}`,
  thanks: 'Paiement reçu. Merci pour votre achat : accès à vie au contenu acheté.',
} as const;

export const paymentReturnText = {
  documentTitle: 'Retour du paiement',
  checking: 'Vérification de votre paiement auprès de NotchPay...',
  unknown: 'Commande introuvable.',
  completed: 'Paiement confirmé : votre contenu est disponible.',
  pending: "Le paiement n'est pas encore confirmé. Revenez dans un instant ou utilisez « Vérifier ».",
  failed: "Le paiement n'a pas abouti.",
  toDashboard: 'Aller au tableau de bord',
} as const;

/** "dès $3.59" when the items of a list do not all cost the same. */
export const priceFrom = (price: string) => `dès ${price}`;

/** The buy and watch parts of a video's page. */
export const videoPurchaseText = {
  buy: 'Acheter cette vidéo',
  owned: 'Vous avez acheté cette vidéo : accès permanent.',
  watch: 'Regarder la vidéo',
} as const;

/** The buy and read parts of a PDF card. */
export const pdfPurchaseText = {
  buy: 'Acheter ce guide',
  owned: 'Guide acheté',
} as const;
