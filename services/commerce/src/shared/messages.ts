import type { PaymentProviderName } from '@lbf/service-kit';

/** The spec's words (§8) and commerce's refusals, verbatim. Codes are for programs, messages for people. */
export const TEXT = {
  signInRequired: 'Connexion requise',
  notSignedIn: 'Utilisateur non connecté',
  missingInformation: 'Informations manquantes',
  saveFailed: "Une erreur est survenue lors de l'enregistrement.",
  processingFailed: 'Une erreur est survenue lors du traitement.',
  paymentSucceeded: 'Paiement réussi',
  purchaseSucceeded: 'Achat réussi',
  sandboxBanner: 'Mode test : paiements simulés',
  confirmOnPhone: 'Confirmez le paiement sur votre téléphone',
} as const;

export const ERRORS = {
  CONSENT_REQUIRED: "Veuillez accepter l'accès immédiat au contenu pour continuer.",
  HEALTH_CONSENT_REQUIRED: 'Votre consentement est nécessaire pour acheter ce contenu.',
  PHONE_INVALID: 'Numéro de téléphone invalide.',
  METHOD_UNAVAILABLE: "Ce moyen de paiement n'est pas disponible pour le moment.",
  NOT_FOR_SALE: "Ce contenu n'est pas disponible à l'achat.",
  ALREADY_PURCHASED: 'Vous avez déjà acheté ce contenu.',
  ORDER_NOT_FOUND: 'Commande introuvable.',
  NO_LIVE_ATTEMPT: "Aucun paiement en cours pour cette commande.",
  RESEND_UNSUPPORTED: 'Ce moyen de paiement ne permet pas de renvoyer la demande.',
  REASON_REQUIRED: 'Le motif est obligatoire.',
  CANNOT_GRANT: 'Cette commande est déjà complétée.',
  CANNOT_REFUND: 'Seule une commande complétée peut être marquée remboursée.',
} as const;

/** « Payer pour moi »: the link's refusals and its page's words, verbatim. */
export const PAY_LINK_ERRORS = {
  NOT_FOUND: "Ce lien de paiement n'existe pas.",
  EXPIRED: 'Ce lien a expiré.',
  PAID: 'Ce lien a déjà été payé.',
  OWNED: 'Ce contenu est déjà dans la bibliothèque de la personne qui vous a envoyé ce lien.',
  ALREADY_OWNED: 'Vous avez déjà acheté ce contenu.',
  BUSY: 'Un paiement est déjà en cours pour ce lien. Réessayez dans quelques minutes.',
  EMAIL_INVALID: 'Adresse e-mail invalide.',
  NAME_TOO_LONG: 'Votre prénom : 60 caractères au plus.',
} as const;

/** « Offrir »: the gift's form in the payment dialog, its claim page and the buyer's « Mes cadeaux ». */
export const GIFT_ERRORS = {
  RECIPIENT_REQUIRED: 'Indiquez l’adresse e-mail ou le numéro de téléphone de la personne à qui vous offrez ce contenu.',
  EMAIL_INVALID: 'Adresse e-mail invalide.',
  PHONE_INVALID: 'Numéro de téléphone invalide.',
  MESSAGE_TOO_LONG: 'Votre message ne peut pas dépasser 300 caractères.',
  NOT_FOUND: 'Ce lien de cadeau n’existe pas ou n’est plus valable.',
  CLAIMED: 'Ce cadeau a déjà été reçu.',
  CANCELED: 'Ce cadeau a été annulé.',
  OWNED: 'Vous avez déjà ce contenu dans votre bibliothèque : le cadeau n’a pas été utilisé, il reste disponible pour quelqu’un d’autre.',
  NOT_PAID: 'Ce cadeau n’est pas encore payé.',
} as const;

/** Promo codes' refusals (the customer's field « Code promo », the administrators' form). */
export const PROMO_ERRORS = {
  INVALID: "Ce code promo n'est pas valide.",
  NOT_STARTED: "Ce code promo n'est pas encore valable.",
  EXPIRED: "Ce code promo a expiré.",
  NOT_ELIGIBLE: 'Ce code promo ne s’applique pas à ce contenu.',
  EXHAUSTED: 'Ce code promo a atteint son nombre maximal d’utilisations.',
  CUSTOMER_LIMIT: 'Vous avez déjà utilisé ce code promo le nombre de fois autorisé.',
  CODE_FORMAT: 'Le code doit contenir de 3 à 32 lettres, chiffres, tirets ou soulignés.',
  CODE_TAKEN: 'Ce code existe déjà.',
  PERCENT_RANGE: 'Le pourcentage doit être un nombre entier entre 1 et 99.',
  AMOUNT_INVALID: 'Le montant doit être un nombre entier de FCFA supérieur à 0.',
  COUNT_INVALID: 'Indiquez un nombre entier supérieur à 0, ou laissez vide (illimité).',
  DATE_INVALID: 'Date invalide.',
  DATES_ORDER: 'La date de fin doit suivre la date de début.',
  NOT_FOUND: 'Code promo introuvable.',
  TOO_MANY: 'Trop de codes promo essayés. Réessayez dans quelques minutes.',
} as const;

export const METHOD_LABELS: Record<PaymentProviderName, string> = {
  orange: 'Orange Money',
  mtn: 'MTN Mobile Money',
  notchpay: 'NotchPay',
};

export const METHOD_HINTS: Record<PaymentProviderName, string> = {
  orange: 'Validez la demande reçue sur votre téléphone, ou composez #150*50# pour confirmer.',
  mtn: 'Acceptez la demande de paiement MTN MoMo sur votre téléphone et saisissez votre code secret.',
  notchpay: 'Terminez le paiement sur la page NotchPay qui vient de s’ouvrir.',
};

/** Our own reason codes (not the providers'). */
export const OWN_REASONS = {
  /** The window passed and the provider still said pending at the final re-check. */
  windowPassed: 'WINDOW_PASSED',
  /** The customer gave up ("Annuler"). */
  canceledByCustomer: 'CANCELED_BY_CUSTOMER',
  /** An earlier attempt of the order turned out paid while this one was live. */
  supersededByPayment: 'SUPERSEDED_BY_PAYMENT',
  /** The administrator granted the order while this attempt was live. */
  supersededByGrant: 'SUPERSEDED_BY_GRANT',
  /** The provider never received the charge (a crash before the call) and it could not be sent again in time. */
  chargeNotSent: 'CHARGE_NOT_SENT',
} as const;

/**
 * Providers' reason codes in plain French (MTN reasons, Orange inittxnstatus, NotchPay statuses),
 * then a generic sentence per outcome.
 */
const REASON_MESSAGES: Record<string, string> = {
  NOT_ENOUGH_FUNDS: 'Solde insuffisant.',
  INTERNAL_PROCESSING_ERROR: 'Solde insuffisant ou opération impossible chez l’opérateur.',
  '60019': 'Solde insuffisant.',
  APPROVAL_REJECTED: 'Paiement refusé sur le téléphone.',
  PAYMENT_NOT_APPROVED: 'Paiement refusé sur le téléphone.',
  REJECTED: 'Paiement refusé sur le téléphone.',
  DECLINED: 'Paiement refusé sur le téléphone.',
  PAYER_NOT_FOUND: "Numéro inconnu de l'opérateur.",
  PAYER_LIMIT_REACHED: 'Plafond de transactions atteint chez l’opérateur.',
  COULD_NOT_PERFORM_TRANSACTION: 'Le délai de confirmation est dépassé.',
  EXPIRED: 'Le délai de confirmation est dépassé.',
  WINDOW_PASSED: 'Le délai de confirmation est dépassé.',
  TRANSACTION_CANCELED: 'Paiement annulé.',
  CANCELED: 'Paiement annulé.',
  CANCELED_BY_CUSTOMER: 'Paiement annulé.',
  ABANDONED: 'Paiement annulé.',
  SUPERSEDED_BY_GRANT: 'Paiement remplacé par un accès accordé par un administrateur.',
  SUPERSEDED_BY_PAYMENT: 'Paiement déjà reçu pour cette commande.',
  CHARGE_NOT_SENT: "La demande de paiement n'a pas pu être envoyée à l'opérateur. Vous pouvez réessayer.",
  INVALID_CURRENCY: 'Une erreur est survenue lors du traitement.',
  SERVICE_UNAVAILABLE: "L'opérateur est indisponible pour le moment.",
};

const OUTCOME_MESSAGES = {
  failed: 'Le paiement a échoué.',
  expired: 'Le délai de confirmation est dépassé.',
  canceled: 'Paiement annulé.',
} as const;

export function failureMessage(outcome: 'failed' | 'expired' | 'canceled', reasonCode: string | null): string {
  const byCode = reasonCode ? REASON_MESSAGES[reasonCode.toUpperCase()] : undefined;
  return byCode ?? OUTCOME_MESSAGES[outcome];
}

/** A reasonCode that is ours (not the provider's). */
export function isKnownReason(reasonCode: string): boolean {
  return reasonCode.toUpperCase() in REASON_MESSAGES;
}
