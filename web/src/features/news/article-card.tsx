import { ArrowRight, Calendar, Clock, User } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton, Skeletons } from '@/components/ui/skeleton';
import type { ArticleCard_ArticleFragment } from '@/generated/graphql';
import { newsText } from '@/i18n/catalogue';
import { formatDate } from '@/lib/format/date';
import { typeset } from '../../lib/format/catalogue';

export type ArticleCardArticle = ArticleCard_ArticleFragment;

/** A news card: text only (the article's image waits for the article page, sparing data). */
export function ArticleCard({ article }: { article: ArticleCardArticle }) {
  return (
    <Card className="flex w-full flex-col gap-3 p-5" data-testid="article-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge variant="accent">{article.categoryLabel}</Badge>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <Clock className="size-3.5" aria-hidden="true" />
          {newsText.readTime(article.readTimeMinutes)}
        </span>
      </div>
      <h2 className="text-lg leading-snug font-semibold text-balance">
        <Link to={paths.article(article.id)} className="hover:text-primary">
          {typeset(article.title)}
        </Link>
      </h2>
      <p className="line-clamp-3 text-sm text-muted-foreground">{typeset(article.excerpt)}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <Calendar className="size-3.5" aria-hidden="true" />
          <time dateTime={article.date}>{formatDate(article.date)}</time>
        </span>
        <span className="flex items-center gap-1">
          <User className="size-3.5" aria-hidden="true" />
          {article.author}
        </span>
      </div>
      <Link
        to={paths.article(article.id)}
        aria-label={newsText.readMoreLabel(article.title)}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {newsText.readMore}
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </Card>
  );
}

export function ArticleCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex justify-between">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-4 w-24" />
      </div>
      <Skeletons sizes={['h-6 w-11/12', 'h-6 w-2/3', 'h-4 w-full', 'h-4 w-full', 'h-4 w-1/2', 'mt-1 h-4 w-40', 'h-5 w-24']} />
    </Card>
  );
}
