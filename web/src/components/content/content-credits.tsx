import { BadgeCheck, CalendarCheck, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { healthContentText as t } from '@/i18n/health-content';
import { formatFullDay } from '@/lib/format/date';
import { cn } from '@/lib/utils';

/** Who wrote a piece of health content, who read it over, and the day it was last brought up to date (YYYY-MM-DD). */
export interface Credits {
  author?: string | null;
  reviewer?: string | null;
  contentUpdatedOn?: string | null;
}

const item = 'flex items-center gap-1.5 [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * « Par … », « Relu par … » (only when someone reviewed it) and « Mis à jour le … » (French date) of
 * an article, a lesson or a guide, on one wrapping line; `children` adds the page's own items
 * (an article's date and read time) to it. Nothing when there is nothing to say.
 */
export function ContentCredits({ credits, className, children }: { credits: Credits; className?: string; children?: ReactNode }) {
  const { author, reviewer, contentUpdatedOn } = credits;
  if (!author && !reviewer && !contentUpdatedOn && !children) return null;
  return (
    <ul aria-label={t.creditsLabel} data-testid="content-credits" className={cn('flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground', className)}>
      {author && (
        <li className={item} data-testid="content-author">
          <User aria-hidden="true" />
          {t.by(author)}
        </li>
      )}
      {reviewer && (
        <li className={item} data-testid="content-reviewer">
          <BadgeCheck aria-hidden="true" />
          {t.reviewedBy(reviewer)}
        </li>
      )}
      {contentUpdatedOn && (
        <li className={item} data-testid="content-updated">
          <CalendarCheck aria-hidden="true" />
          <span>
            {t.updatedOn} <time dateTime={contentUpdatedOn}>{formatFullDay(contentUpdatedOn)}</time>
          </span>
        </li>
      )}
      {children}
    </ul>
  );
}
