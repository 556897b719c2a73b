/**
 * Strings of the public preview of a video or a guide (/videos/:id, /video/:id, /pdfs/:id seen
 * signed out: what it is, its free preview to play, what it costs, then 'Connexion requise'), and
 * of a guide's own page.
 */
export const itemPreviewText = {
  signInRequired: 'Connexion requise',
  videoText: 'Connectez-vous ou créez votre compte pour acheter cette vidéo et la regarder en entier.',
  /** Under the offer at the end of a visitor's preview: a payment method leads to /auth and back. */
  offerNote: 'Choisissez votre moyen de paiement : après connexion ou inscription, vous revenez ici pour payer.',
  pdfText: 'Connectez-vous ou créez votre compte pour acheter et télécharger ce guide.',
  signIn: 'Se connecter',
  signUp: 'Créer un compte',
  checking: 'Vérification de votre session...',
  price: 'Prix',
  pdfDocumentTitle: 'Guide PDF',
  pdfLoading: 'Chargement du guide...',
  pdfNotFoundTitle: 'Guide introuvable',
  pdfNotFoundText: "Ce guide n'existe pas ou n'est plus disponible.",
  allPdfs: 'Voir tous les guides',
  backToPdfs: 'Retour aux guides',
  descriptionTitle: 'Description',
} as const;
