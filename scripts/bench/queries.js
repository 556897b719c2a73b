'use strict';
/** The operations the bench sends, and what the baselines answer from memory. */

const SETTINGS_FIELDS = 'siteName siteDescription siteLogo heroTitle heroSubtitle contactEmail contactPhone socialFacebook socialTwitter socialInstagram updatedAt';

module.exports = {
  SETTINGS: `query BenchSettings { siteSettings { ${SETTINGS_FIELDS} } }`,
  ME: 'query BenchMe { me { id email firstName isAdmin } }',
  // What /videos asks for its first page (12 cards).
  VIDEOS: `query BenchVideos {
  videos(sort: NEWEST, page: 1, pageSize: 12) {
    total page totalPages
    items { id title description category categoryLabel priceCents currency durationSeconds thumbnailUrl }
  }
}`,
  LIVE: 'subscription BenchCounters { liveCounters { visitsToday registeredUsers } }',
  VISIT: 'mutation BenchVisit($input: PageVisitInput!) { recordPageVisit(input: $input) }',
  /** The baselines' answer: the demo's default settings, as the catalogue would return them. */
  SETTINGS_VALUE: {
    siteName: 'LBF',
    siteDescription: 'Votre plateforme santé et bien-être',
    siteLogo: '',
    heroTitle: 'Votre santé, notre priorité',
    heroSubtitle: 'Découvrez nos contenus exclusifs pour améliorer votre bien-être',
    contactEmail: 'contact@lbf.demo',
    contactPhone: '+237 690 00 00 00',
    socialFacebook: '',
    socialTwitter: '',
    socialInstagram: '',
    updatedAt: null,
  },
  SETTINGS_SDL: `type SiteSettings { ${SETTINGS_FIELDS.split(' ')
    .map((f) => `${f}: String${f === 'updatedAt' ? '' : '!'}`)
    .join(' ')} }
type Query { siteSettings: SiteSettings! }`,
};
