import { formatCount } from '@/lib/format/number';

const n = formatCount;

/**
 * The texts of the statistics page and of the charts it shares with the dashboard. The card
 * titles are the spec's ('Admin statistics'); the measures that replace its dashes are worded in
 * the same voice.
 */
export const statsFr = {
  cards: {
    users: 'Utilisateurs',
    usersDetail: (newLast30Days: number) => `${n(newLast30Days)} nouveau${newLast30Days > 1 ? 'x' : ''} sur 30 jours`,
    videos: 'Vidéos',
    videosDetail: 'Publiées',
    pdfs: 'PDFs',
    pdfsDetail: 'Disponibles',
    newsletter: 'Newsletter',
    newsletterDetail: 'Abonnés actifs',
    views: 'Vues totales',
    viewsDetail: 'Vidéos regardées',
    downloads: 'Téléchargements',
    downloadsDetail: 'Guides PDF',
  },
  period: {
    label: 'Période',
    option: (days: number) => `${days} jours`,
    range: (from: string, to: string) => `Du ${from} au ${to}`,
  },
  measures: {
    title: 'Indicateurs',
    buyerRate: 'Taux de conversion',
    buyerRateDetail: (buyers: number, users: number) => `${n(buyers)} acheteur${buyers > 1 ? 's' : ''} sur ${n(users)} inscrit${users > 1 ? 's' : ''}`,
    signUpRate: 'Visiteurs → inscriptions',
    signUpRateDetail: (signUps: number, visitors: number) =>
      `${n(signUps)} inscription${signUps > 1 ? 's' : ''} pour ${n(visitors)} visiteur${visitors > 1 ? 's' : ''}`,
    averageVisit: 'Durée moyenne des visites',
    averageVisitDetail: 'Du premier au dernier affichage de page',
    pagesPerVisit: 'Pages par visite',
    pagesPerVisitDetail: (visits: number) => `Sur ${n(visits)} visite${visits > 1 ? 's' : ''}`,
  },
  growth: {
    title: (days: number) => `Croissance sur ${days} jours`,
    signUps: 'Inscriptions',
    buyers: 'Acheteurs',
    revenue: 'Revenus (FCFA)',
    revenueSeries: 'Revenus',
    visits: 'Visites',
    perDay: (what: string, days: number) => `${what} par jour sur ${days} jours`,
  },
  top: {
    pages: 'Pages les plus vues',
    page: 'Page',
    views: 'Vues',
    visits: 'Visites',
    noPages: 'Aucune page vue sur la période',
    items: 'Meilleures ventes',
    item: 'Contenu',
    type: 'Type',
    sales: 'Ventes',
    salesCount: (sales: number) => `${n(sales)} vente${sales > 1 ? 's' : ''}`,
    revenue: 'Revenus',
    noItems: 'Aucune vente sur la période',
    itemTypes: { VIDEO: 'Vidéo', PDF: 'PDF' } as Record<string, string>,
  },
  chart: {
    empty: (days: number) => `Pas encore de données sur ${days} jours`,
    loading: 'Chargement du graphique...',
    total: (label: string, total: string) => `${label} : ${total} au total`,
    /** A series' name in the legend of a chart with two axes: which axis it reads on. */
    onAxis: (name: string, axis: 'left' | 'right') => `${name} (axe de ${axis === 'left' ? 'gauche' : 'droite'})`,
  },
} as const;
