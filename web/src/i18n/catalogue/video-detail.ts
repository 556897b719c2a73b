/** Strings of one catalogue screen; see ../catalogue.ts. */
export const videoDetailText = {
  back: "Retour à l'accueil",
  loading: 'Chargement de la vidéo...',
  presentedBy: 'Présenté par',
  descriptionTitle: 'À propos de cette vidéo',
  learnTitle: 'Ce que vous allez apprendre',
  preview: 'Aperçu',
  play: "Lire l'aperçu",
  freePreview: 'Aperçu gratuit disponible',
  perks: [
    'Accès complet et illimité à la vidéo',
    'Visionnage en ligne sécurisé',
    'Fiches récapitulatives en PDF',
    'Support par e-mail',
  ],
  similarTitle: 'Vidéos similaires',
  notFoundTitle: 'Vidéo introuvable',
  notFoundText: "Cette vidéo n'existe pas ou n'est plus disponible.",
  allVideos: 'Voir toutes les vidéos',
} as const;
