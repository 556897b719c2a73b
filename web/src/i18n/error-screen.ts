/** What the error boundary says when a page cannot be shown (components/errors). */
export const errorScreenText = {
  // The spec's words for an unexpected error (§8).
  title: "Une erreur inattendue s'est produite.",
  text: 'Cette page n’a pas pu s’afficher. Rechargez la page pour réessayer.',
  // A chunk that did not arrive: usually the connection, or a new version deployed meanwhile.
  chunkTitle: 'Cette page n’a pas pu être chargée.',
  chunkText: 'Vérifiez votre connexion internet, puis rechargez la page.',
  reload: 'Recharger la page',
  home: "Retour à l'accueil",
  documentTitle: 'Erreur | LBF',
} as const;
