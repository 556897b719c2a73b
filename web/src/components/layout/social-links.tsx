import { useQuery } from '@/data/hooks';
import { fr } from '@/i18n/fr';
import { FacebookIcon, InstagramIcon, XIcon } from './social-icons';
import FOOTER_SOCIAL_LINKS_QUERY from './footer-social-links.query.graphql';

const NETWORKS = [
  { key: 'socialFacebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'socialTwitter', label: 'Twitter', Icon: XIcon },
  { key: 'socialInstagram', label: 'Instagram', Icon: InstagramIcon },
] as const;

/** Only web links: the catalogue validates them, and a `javascript:` href must never reach a page. */
function webLink(value: string | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The site's own accounts, as the administrator set them (Paramètres du site, 'Réseaux sociaux'):
 * a network without a link is not shown, and with none set (or while they load) nothing is.
 * The cached settings are a singleton the admin's save replaces, so a change shows at once.
 */
export function SocialLinks() {
  const { data } = useQuery(FOOTER_SOCIAL_LINKS_QUERY);
  const settings = data?.siteSettings;
  const links = NETWORKS.flatMap(({ key, label, Icon }) => {
    const href = webLink(settings?.[key]);
    return href ? [{ href, label, Icon }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul aria-label={fr.footer.social} className="flex gap-2" data-testid="social-links">
      {links.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            className="grid size-9 place-items-center rounded-full border bg-card text-muted-foreground hover:text-primary"
          >
            <Icon className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}
