/**
 * robots.txt: the public site is open to crawlers; accounts, payments, receipts, the admin area,
 * the newsletter's token links and the API are not (those pages also say noindex themselves).
 */
export const DISALLOWED = ['/admin', '/dashboard', '/paiement', '/recu', '/auth', '/newsletter/', '/graphql'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).toString()}`,
    '',
  ].join('\n');
}
