/** Strings of one catalogue screen; see ../catalogue.ts. */
export const pdfsText = {
  eyebrow: 'Guides PDF',
  title: 'Nos guides pratiques',
  lead: 'Des guides à télécharger pour prendre soin de votre santé au quotidien, avec les remèdes et les produits de chez nous.',
  loading: 'Chargement des guides...',
  empty: 'Aucun guide disponible pour le moment.',
  pages: (n: number) => `${n} pages`,
  downloads: (n: string, count: number) => (count > 1 ? `${n} téléchargements` : `${n} téléchargement`),
  download: 'Télécharger le PDF',
  ctaTitle: 'Une question sur nos guides ?',
  ctaText: 'Notre équipe vous répond du lundi au vendredi, de 9h à 18h.',
  ctaButton: 'Nous contacter',
} as const;
