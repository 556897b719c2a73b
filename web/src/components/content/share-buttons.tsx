import { Link2, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** A network's share page, in a new tab. */
function ShareLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={iconButton} aria-label={label} title={label}>
      {children}
    </a>
  );
}

/** A share done here (copy, the system's share sheet). */
function ShareAction({ onClick, label, children }: { onClick(): void; label: string; children: ReactNode }) {
  return (
    <button type="button" className={iconButton} onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
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
          <ShareAction onClick={shareNatively} label={t.native}>
            <Share2 />
          </ShareAction>
        </li>
      )}
      <li>
        {/* The href is built when the link is used, so it always carries this origin. */}
        <ShareLink href={facebookShareUrl(url())} label={t.facebook}>
          <FacebookIcon />
        </ShareLink>
      </li>
      <li>
        <ShareAction onClick={shareOnInstagram} label={t.instagram}>
          <InstagramIcon />
        </ShareAction>
      </li>
      <li>
        <ShareLink href={whatsappShareUrl(url(), title)} label={t.whatsapp}>
          <WhatsappIcon />
        </ShareLink>
      </li>
      {extended && (
        <li>
          <ShareAction onClick={copyLink} label={t.copy}>
            <Link2 />
          </ShareAction>
        </li>
      )}
    </ul>
  );
}
