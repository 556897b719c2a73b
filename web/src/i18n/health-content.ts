/**
 * What every article, lesson and PDF guide shows about who stands behind it and what it is for
 * (components/content/content-credits.tsx and health-notice.tsx). The notice's sentence is the
 * issue's, verbatim (straight apostrophe included).
 */
export const healthContentText = {
  by: (name: string) => `Par ${name}`,
  reviewedBy: (name: string) => `Relu par ${name}`,
  updatedOn: 'Mis à jour le',
  creditsLabel: 'Auteur, relecture et mise à jour',
  notice: "Ces contenus ne remplacent pas l'avis d'un professionnel de santé",
  noticeMore: 'Ils vous informent. Pour un diagnostic ou un traitement, consultez un médecin ou un pharmacien.',
} as const;
