import { useApolloQuery } from '@/data/hooks';
import { TriangleAlert } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { adminFr } from '@/i18n/admin';
import { cn } from '@/lib/utils';
import { useLogError } from '../lib/use-log-error';
import { findHealthClaims } from './health-claims';
import ADMIN_HEALTH_CLAIM_WORDS from './graphql/admin-health-claim-words.query.graphql';

const t = adminFr.articles;

/** The words a body says, without its tags (an editor's HTML). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * The article editor's warning, as the administrator writes: the title, excerpt or body claims to
 * cure or treat with a word of « Paramètres du site »'s list (case and accents ignored), named
 * here. A warning only: saving stays possible.
 */
export function HealthClaimWarning({ title, excerpt, bodyHtml, className }: { title: string; excerpt: string; bodyHtml: string; className?: string }) {
  const { data, error } = useApolloQuery(ADMIN_HEALTH_CLAIM_WORDS, { fetchPolicy: 'cache-and-network' });
  useLogError(error, 'AdminHealthClaimWords');
  const words = data?.siteSettings.healthClaimWords;
  // Typing stays quick in a long body: the search follows a beat behind.
  const body = useDeferredValue(bodyHtml);
  const found = useMemo(() => (words?.length ? findHealthClaims([title, excerpt, textOf(body)], words) : []), [words, title, excerpt, body]);
  return (
    <div role="status" aria-live="polite" className={cn(className, found.length === 0 && 'sr-only')}>
      {found.length > 0 && (
        <div className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="health-claim-warning">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{t.claimWarningTitle}</p>
            <p>{t.claimWarningWords(found)}</p>
            <p>{t.claimWarningText}</p>
            <Link to={paths.admin('settings')} className="font-medium underline underline-offset-4">
              {t.claimWarningSettings}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
