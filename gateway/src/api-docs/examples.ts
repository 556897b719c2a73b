/**
 * The documentation page's examples for the common tasks (issue 24 point 3), each a query an
 * integration sends as it is; the page computes each one's cost with the gateway's own estimate,
 * and the unit test runs each through validation against the public schema.
 */
export interface ApiExample {
  id: string;
  fr: { title: string; text: string };
  en: { title: string; text: string };
  query: string;
  variables?: Record<string, unknown>;
}

export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'catalogue',
    fr: { title: 'Lister le catalogue', text: 'Les leçons vidéo, 20 par page, les plus récentes d’abord ; sans clé, car le catalogue est public. Les prix sont en centimes de dollar.' },
    en: { title: 'List the catalogue', text: 'The video lessons, 20 a page, newest first; no key needed, the catalogue is public. Prices are in US cents.' },
    query: `query Catalogue($page: Int!) {
  videos(page: $page, pageSize: 20, sort: NEWEST) {
    total
    totalPages
    items { id title category priceCents currency durationSeconds thumbnailUrl }
  }
  pdfs(pageSize: 20) { items { id title priceCents pageCount } }
}`,
    variables: { page: 1 },
  },
  {
    id: 'todays-orders',
    fr: { title: 'Les commandes du jour', text: 'Avec une clé de portée orders:read. Les dates sont des jours ISO, comptés à l’heure de Douala.' },
    en: { title: 'Today’s orders', text: 'With a key holding orders:read. Dates are ISO days, counted in Douala time.' },
    query: `query TodaysOrders($day: String!) {
  adminOrders(filter: { from: $day, to: $day, status: COMPLETED }, pageSize: 50) {
    total
    items { id itemTitle buyerEmail amount { xaf usdCents } status method receiptNumber completedAt }
  }
}`,
    variables: { day: '2026-11-27' },
  },
  {
    id: 'customers',
    fr: { title: 'Parcourir les clients', text: 'Avec une clé de portée customers:read : demandez la page 1, puis les suivantes tant que page < totalPages (100 par page au plus).' },
    en: { title: 'Page through customers', text: 'With a key holding customers:read: ask for page 1, then the next ones while page < totalPages (100 a page at most).' },
    query: `query Customers($page: Int!) {
  adminUsers(page: $page, pageSize: 100, sort: CREATED_AT, direction: ASC) {
    page
    totalPages
    items { id email firstName lastName phone createdAt }
  }
}`,
    variables: { page: 1 },
  },
  {
    id: 'statistics',
    fr: { title: 'Les statistiques de la semaine', text: 'Avec une clé de portée statistics:read : les 7 derniers jours, aujourd’hui compris.' },
    en: { title: 'The week’s statistics', text: 'With a key holding statistics:read: the last 7 days, today included.' },
    query: `query Week {
  adminStatistics(days: 7) {
    from
    to
    daily { day visits purchases revenueXaf }
  }
}`,
  },
];
