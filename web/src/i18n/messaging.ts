/**
 * Texts of messaging on the public and customer side: the newsletter boxes and pages, the
 * customer's inbox and the header's unread badge. The contact form's spec wording stays in
 * fr.contact (its rules) and features/contact (its labels).
 */
export const newsletterText = {
  invalidEmail: 'Veuillez entrer une adresse email valide',
  subscribing: 'Inscription...',
  /** Same answer whatever the address (new, pending, already subscribed): nothing is told about it. */
  checkInboxTitle: 'Vérifiez votre boîte mail',
  checkInbox: (email: string) =>
    `Si l'adresse ${email} peut recevoir notre newsletter, un e-mail de confirmation vient de lui être envoyé. Cliquez sur le lien qu'il contient pour confirmer votre abonnement.`,
  another: 'Utiliser une autre adresse',
  failure: "Impossible de vous inscrire pour l'instant. Veuillez réessayer.",
  confirm: {
    documentTitle: 'Confirmer mon abonnement',
    title: 'Confirmez votre abonnement à la newsletter',
    lead: 'Un dernier clic : confirmez que vous souhaitez recevoir nos conseils santé et nos nouveautés par e-mail. Vous pourrez vous désinscrire à tout moment depuis chaque newsletter.',
    button: 'Confirmer mon abonnement',
    confirming: 'Confirmation...',
    successTitle: 'Abonnement confirmé',
    successText: 'Merci ! Vous recevrez désormais notre newsletter.',
    errorTitle: 'Confirmation impossible',
    failure: "Une erreur s'est produite lors de la confirmation. Veuillez réessayer.",
    home: "Retour à l'accueil",
  },
  unsubscribe: {
    documentTitle: 'Désinscription de la newsletter',
    working: 'Désinscription en cours...',
    successTitle: 'Désinscription effectuée',
    successText: 'Vous êtes désinscrit(e) de notre newsletter. Vous ne recevrez plus nos e-mails.',
    errorTitle: 'Désinscription impossible',
    failure: "Une erreur s'est produite lors de la désinscription. Veuillez réessayer.",
    retry: 'Réessayer',
    home: "Retour à l'accueil",
  },
};

export const inboxText = {
  tab: 'Messages',
  title: 'Mes messages',
  intro: "Les messages que l'équipe LBF vous adresse, à vous ou à tous les membres.",
  loading: 'Chargement de vos messages...',
  loadError: 'Impossible de charger les messages.',
  retry: 'Réessayer',
  emptyTitle: 'Aucun message',
  emptyText: "Vous n'avez reçu aucun message pour le moment.",
  group: 'Groupe',
  unread: 'Non lu',
  from: (name: string) => `De : ${name}`,
  previous: 'Précédent',
  next: 'Suivant',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  unreadCount: (count: number) => (count === 1 ? '1 message non lu' : `${count} messages non lus`),
  markFailure: 'Impossible de marquer le message comme lu.',
  pager: 'Pages des messages',
};
