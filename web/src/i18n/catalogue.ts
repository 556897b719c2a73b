/**
 * Every string of the catalogue screens: home, videos, video detail, PDF guides, news and
 * article. Texts quoted in the product spec are copied verbatim (straight apostrophes included);
 * the labels the spec does not word are here too so a translator finds them in one place.
 *
 * The home's chunk (and the pages sharing these labels) loads this file, so only its strings and the shared ones are written in this
 * file; each other screen's strings sit in ./catalogue/<screen>.ts and are re-exported below, so
 * that the bundler leaves them in that screen's own chunk (a module is never split between
 * chunks). Import everything from here.
 */
import type { ArticleCategory, ContentCategory } from '@/generated/graphql';

export { articleText } from './catalogue/article';
export { newsText } from './catalogue/news';
export { pdfsText } from './catalogue/pdfs';
export { reviewsText } from './catalogue/reviews';
export { videoDetailText } from './catalogue/video-detail';
export { videosText } from './catalogue/videos';

/** Video and PDF categories, keyed by the API's ContentCategory ids (also /videos?category=…). */
export const contentCategoryLabels = {
  exercise: 'Exercices',
  nutrition: 'Nutrition',
  wellbeing: 'Bien-être',
  sleep: 'Sommeil',
  health: 'Santé',
} as const satisfies Record<ContentCategory, string>;

/** News categories, in the order of the news page's buttons (after 'Tout'). */
export const articleCategoryLabels = {
  cardio: 'Cardio',
  nutrition: 'Nutrition',
  sleep: 'Sommeil',
  wellbeing: 'Bien-être',
} as const satisfies Record<ArticleCategory, string>;

/** Shared by several screens. */
export const catalogueText = {
  lifetimeAccess: 'Accès à vie',
  loadFailedTitle: 'Le chargement a échoué',
  loadFailedText: 'Vérifiez votre connexion internet puis réessayez.',
  retry: 'Réessayer',
  clearSearch: 'Effacer la recherche',
  duration: 'Durée :',
  share: {
    label: 'Partager',
    native: 'Partager…',
    facebook: 'Partager sur Facebook',
    instagram: 'Partager sur Instagram',
    whatsapp: 'Partager sur WhatsApp',
    copy: 'Copier le lien',
    copied: 'Lien copié',
    instagramCopied: 'Lien copié! Vous pouvez maintenant le partager sur Instagram.',
    copyFailed: 'Impossible de copier le lien.',
  },
  pagination: {
    label: 'Pagination',
    previous: 'Page précédente',
    next: 'Page suivante',
    page: (n: number) => `Page ${n}`,
    status: (page: number, total: number) => `Page ${page} sur ${total}`,
  },
} as const;

export const homeText = {
  heroLoading: "Chargement de la page d'accueil...",
  premiumBadge: 'Vidéo Premium',
  latestTitle: 'Notre dernière vidéo',
  latestText: 'La leçon la plus récente de notre catalogue, à regarder en ligne quand vous le souhaitez.',
  watch: 'Découvrir la vidéo',
  premiumTitle: 'Fonctionnalités premium',
  premiumText:
    'Achetez une vidéo une seule fois et gardez-la pour toujours. Payez simplement avec votre moyen de paiement préféré.',
  premiumFeatures: [
    'Accès à vie à chaque vidéo achetée',
    'Visionnage en ligne sécurisé',
    'Fiches récapitulatives en PDF',
    'Support par e-mail 7 jours sur 7',
  ],
  payWith: 'Payer avec',
  paymentMethods: {
    orange: 'Orange Money',
    mtn: 'MTN Mobile Money',
    notchpay: 'NotchPay',
  },
  signInRequired: 'Connexion requise',
  testimonialsTitle: 'Ils nous font confiance',
  testimonialsText: 'Les témoignages de celles et ceux qui suivent nos contenus.',
  testimonialsLoading: 'Chargement des témoignages...',
  // A counter whose service cannot be reached: said plainly rather than shown as a made-up value.
  counterUnavailable: 'Indisponible pour le moment',
  rating: (n: number) => `Note : ${n} sur 5`,
  aboutVideo: (title: string) => `À propos de « ${title} »`,
} as const;
