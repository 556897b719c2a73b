/** Strings of one catalogue screen; see ../catalogue.ts. */
export const articleText = {
  back: 'Retour aux actualités',
  loading: "Chargement de l'article...",
  like: 'Aimer',
  liked: 'Aimé',
  aboutAuthor: "À propos de l'auteur",
  authorBio: (name: string) => `${name} écrit pour LBF sur la santé, la nutrition et les remèdes traditionnels africains.`,
  notFoundTitle: 'Article non trouvé',
  notFoundText: "Cet article n'existe pas ou n'est plus publié.",
} as const;
