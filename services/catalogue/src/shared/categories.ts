/** Video and PDF categories: the ids are the ones the web puts in /videos?category=…, labels as the spec shows them. */
export const CONTENT_CATEGORIES = ['exercise', 'nutrition', 'wellbeing', 'sleep', 'health'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

export const CONTENT_CATEGORY_LABELS: Record<ContentCategory, string> = {
  exercise: 'Exercices',
  nutrition: 'Nutrition',
  wellbeing: 'Bien-être',
  sleep: 'Sommeil',
  health: 'Santé',
};

/** News categories, with the labels of the news page's buttons. */
export const ARTICLE_CATEGORIES = ['cardio', 'nutrition', 'sleep', 'wellbeing'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const ARTICLE_CATEGORY_LABELS: Record<ArticleCategory, string> = {
  cardio: 'Cardio',
  nutrition: 'Nutrition',
  sleep: 'Sommeil',
  wellbeing: 'Bien-être',
};
