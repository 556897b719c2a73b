/** Strings of one catalogue screen; see ../catalogue.ts. */
export const newsText = {
  eyebrow: 'Actualités',
  title: 'Actualités santé',
  lead: 'Conseils, traditions et bonnes habitudes : nos derniers articles sur la santé et le bien-être.',
  searchLabel: 'Rechercher un article',
  searchPlaceholder: 'Rechercher un article...',
  categoriesLabel: 'Filtrer par catégorie',
  all: 'Tout',
  loading: 'Chargement des articles...',
  empty: 'Aucun article trouvé',
  emptyText: 'Essayez un autre mot-clé ou une autre catégorie.',
  showAll: 'Voir tous les articles',
  readTime: (minutes: number) => `${minutes} min de lecture`,
  readMore: 'Lire la suite',
  readMoreLabel: (title: string) => `Lire la suite : ${title}`,
} as const;
