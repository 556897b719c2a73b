import { Link2, Share2 } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { FacebookIcon, InstagramIcon } from '@/components/layout/social-icons';
import { catalogueText } from '@/i18n/catalogue';
import { useHydrated, useSiteOrigin } from '@/lib/ssr';
import { cn } from '@/lib/utils';
import { absoluteUrl, canShareNatively, copyText, facebookShareUrl, whatsappShareUrl } from './share';
import { WhatsappIcon } from './whatsapp-icon';

const t = catalogueText.share;

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-full border bg-card text-muted-foreground transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4';

interface ShareButtonsProps {
  /** Path (and fragment) of what is shared on this site: /videos/…, /pdfs#pdf-…, /actualites/… */
  path: string;
  title: string;
  /** Detail pages add "copy the link" and, on phones that have it, the system share sheet. */
  extended?: boolean;
  className?: string;
}

/**
 * The spec's share buttons: Facebook (its share URL), Instagram (which has no share URL: the
 * link is copied and the visitor is told so) and WhatsApp (wa.me). Plain links and buttons: no
 * script of a social network is loaded.
 */
export function ShareButtons({ path, title, extended = false, className }: ShareButtonsProps) {
  // Server-rendered pages: the server's origin until hydrated, and the system share sheet only
  // once live (the server cannot know whether the phone has one).
  const origin = useSiteOrigin();
  const hydrated = useHydrated();
  const url = () => absoluteUrl(path, origin);

  const shareOnInstagram = async () => {
    if (await copyText(url())) window.alert(t.instagramCopied);
    else toast.error(t.copyFailed);
  };
  const copyLink = async () => {
    if (await copyText(url())) toast.success(t.copied);
    else toast.error(t.copyFailed);
  };
  const shareNatively = () => {
    navigator.share({ title, url: url() }).catch(() => undefined);
  };

  return (
    <ul aria-label={t.label} className={cn('flex items-center gap-2', className)}>
      {extended && hydrated && canShareNatively() && (
        <li>
          <button type="button" className={iconButton} onClick={shareNatively} aria-label={t.native} title={t.native}>
            <Share2 />
          </button>
        </li>
      )}
      <li>
        {/* The href is built when the link is used, so it always carries this origin. */}
        <a
          href={facebookShareUrl(url())}
          target="_blank"
          rel="noopener noreferrer"
          className={iconButton}
          aria-label={t.facebook}
          title={t.facebook}
        >
          <FacebookIcon />
        </a>
      </li>
      <li>
        <button type="button" className={iconButton} onClick={shareOnInstagram} aria-label={t.instagram} title={t.instagram}>
          <InstagramIcon />
        </button>
      </li>
      <li>
        <a
          href={whatsappShareUrl(url(), title)}
          target="_blank"
          rel="noopener noreferrer"
          className={iconButton}
          aria-label={t.whatsapp}
          title={t.whatsapp}
        >
          <WhatsappIcon />
        </a>
      </li>
      {extended && (
        <li>
          <button type="button" className={iconButton} onClick={copyLink} aria-label={t.copy} title={t.copy}>
            <Link2 />
          </button>
        </li>
      )}
    </ul>
  );
}
