/**
 * What an administrator can do, as the back-office's « Journal » names it (issue 23 §6). Each action
 * is one line: its code (`<target>.<past participle>`), the type of thing it acts on and its French
 * label. A use case records one with the kit's `recordAdminAction(tx, by, code, target)`; analytics
 * keeps it in `admin_journal` and the « Journal » page and its CSV show the label. A new action is a
 * new line here, not a new version of `<service>.admin.action_recorded` (the event carries the code
 * as text, so a consumer older than a code still keeps the entry and shows the code).
 */
export const ADMIN_TARGET_TYPES = {
  user: 'Utilisateur',
  order: 'Commande',
  video: 'Vidéo',
  pdf: 'PDF',
  article: 'Article',
  testimonial: 'Témoignage',
  settings: 'Paramètres du site',
  contact_message: 'Message de contact',
  subscriber: 'Abonné',
  campaign: 'Newsletter',
  message: 'Message',
  mail: 'E-mail',
  promo_code: 'Code promo',
  review: 'Avis',
  api_key: 'Clé d’API',
  webhook: 'Webhook',
} as const;

export type AdminTargetType = keyof typeof ADMIN_TARGET_TYPES;

export const ADMIN_ACTIONS = {
  // identity
  'user.banned': { target: 'user', label: 'Utilisateur banni' },
  'user.unbanned': { target: 'user', label: 'Bannissement levé' },
  'user.deletion_requested': { target: 'user', label: 'Suppression des données demandée' },
  'user.data_exported': { target: 'user', label: 'Export des données demandé' },
  'admin.created': { target: 'user', label: 'Administrateur créé (ligne de commande)' },
  'user.password_set_by_command': { target: 'user', label: 'Mot de passe changé (ligne de commande)' },
  'api_key.created': { target: 'api_key', label: 'Clé d’API créée' },
  'api_key.revoked': { target: 'api_key', label: 'Clé d’API révoquée' },
  // catalogue
  'video.created': { target: 'video', label: 'Vidéo ajoutée' },
  'video.updated': { target: 'video', label: 'Vidéo modifiée' },
  'video.deleted': { target: 'video', label: 'Vidéo supprimée' },
  'video.reprocessed': { target: 'video', label: 'Traitement de la vidéo relancé' },
  'pdf.created': { target: 'pdf', label: 'PDF ajouté' },
  'pdf.updated': { target: 'pdf', label: 'PDF modifié' },
  'pdf.deleted': { target: 'pdf', label: 'PDF supprimé' },
  'article.created': { target: 'article', label: 'Article créé' },
  'article.updated': { target: 'article', label: 'Article modifié' },
  'article.published': { target: 'article', label: 'Article publié' },
  'article.unpublished': { target: 'article', label: 'Article dépublié' },
  'article.deleted': { target: 'article', label: 'Article supprimé' },
  'testimonial.created': { target: 'testimonial', label: 'Témoignage ajouté' },
  'testimonial.updated': { target: 'testimonial', label: 'Témoignage modifié' },
  'testimonial.deleted': { target: 'testimonial', label: 'Témoignage supprimé' },
  'settings.updated': { target: 'settings', label: 'Paramètres du site modifiés' },
  'review.hidden': { target: 'review', label: 'Avis masqué' },
  'review.unhidden': { target: 'review', label: 'Avis rétabli' },
  // commerce
  'order.rechecked': { target: 'order', label: 'Paiement revérifié auprès de l’opérateur' },
  'order.granted': { target: 'order', label: 'Commande accordée sans paiement' },
  'order.refunded': { target: 'order', label: 'Commande remboursée' },
  'promo_code.created': { target: 'promo_code', label: 'Code promo créé' },
  'promo_code.updated': { target: 'promo_code', label: 'Code promo modifié' },
  'promo_code.activated': { target: 'promo_code', label: 'Code promo activé' },
  'promo_code.deactivated': { target: 'promo_code', label: 'Code promo désactivé' },
  // messaging
  'contact_message.marked_read': { target: 'contact_message', label: 'Message de contact marqué lu' },
  'contact_message.marked_unread': { target: 'contact_message', label: 'Message de contact marqué non lu' },
  'contact_message.archived': { target: 'contact_message', label: 'Message de contact archivé' },
  'contact_message.unarchived': { target: 'contact_message', label: 'Message de contact désarchivé' },
  'contact_message.replied': { target: 'contact_message', label: 'Réponse à un message de contact' },
  'subscriber.unsubscribed': { target: 'subscriber', label: 'Abonné supprimé' },
  'campaign.test_sent': { target: 'campaign', label: 'Newsletter de test envoyée' },
  'campaign.sent': { target: 'campaign', label: 'Newsletter envoyée' },
  'message.sent': { target: 'message', label: 'Message envoyé' },
  'message.marked_read': { target: 'message', label: 'Message marqué comme lu' },
  'mail.resent': { target: 'mail', label: 'E-mail renvoyé' },
  'webhook.created': { target: 'webhook', label: 'Webhook créé' },
  'webhook.paused': { target: 'webhook', label: 'Webhook mis en pause' },
  'webhook.resumed': { target: 'webhook', label: 'Webhook réactivé' },
  'webhook.deleted': { target: 'webhook', label: 'Webhook supprimé' },
  'webhook.secret_rotated': { target: 'webhook', label: 'Secret de webhook changé' },
  'webhook.delivery_resent': { target: 'webhook', label: 'Livraison de webhook renvoyée' },
} as const satisfies Record<string, { target: AdminTargetType; label: string }>;

export type AdminActionCode = keyof typeof ADMIN_ACTIONS;

/** The French label of an action code; a code this build does not know is shown as it is. */
export function adminActionLabel(code: string): string {
  return (ADMIN_ACTIONS as Record<string, { label: string }>)[code]?.label ?? code;
}

/** The French label of a target type; an unknown one is shown as it is. */
export function adminTargetTypeLabel(type: string): string {
  return (ADMIN_TARGET_TYPES as Record<string, string>)[type] ?? type;
}
