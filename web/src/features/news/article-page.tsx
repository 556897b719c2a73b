import { useQuery } from '@/data/hooks';
import { Calendar, Clock, FileQuestion, Heart, Newspaper } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fetchPolicies } from '@/data/fetch-policies';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { usePage } from '@/hooks/use-page';
import { articleText, newsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatLongDate } from '@/lib/format/date';
import { cn } from '@/lib/utils';
import { ArticleBody } from './article-body';
import { NotFoundState } from '../../components/states/not-found-state';
import { ItemPage } from '../../components/states/item-page';
import { ContentCredits } from '../../components/content/content-credits';
import { HealthNotice } from '../../components/content/health-notice';
import { MediaImage } from '../../components/content/media-image';
import { ShareButtons } from '../../components/content/share-buttons';
import { initials, typeset } from '../../lib/format/catalogue';
import { useLikedArticle } from './use-liked-articles';
import { type ArticleDetail } from './article-operations';
import { LoadingRegion } from '@/components/states/loading-region';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import ARTICLE_PAGE_QUERY from './graphql/article-page.query.graphql';

/** An article (/actualites/:id and /actualite/:id); an unknown id shows 'Article non trouvé'. */
export default function ArticlePage() {
  const { id = '' } = useParams();
  const query = useQuery(ARTICLE_PAGE_QUERY, {
    variables: { id },
    fetchPolicy: fetchPolicies.catalogue,
  });
  const article = query.data?.article;
  const missing = Boolean(query.data) && !article;
  usePage(article?.title ?? (missing ? articleText.notFoundTitle : fr.pages.article), {
    meta: article
      ? {
          description: article.excerpt,
          image: article.imageUrl,
          imageAlt: article.title,
          type: 'article',
          canonicalPath: paths.article(article.id),
        }
      : { canonicalPath: paths.article(id), type: 'article', noindex: missing },
  });

  return (
    <ItemPage
      back={{ to: paths.news(), label: articleText.back }}
      item={article}
      query={query}
      skeleton={<ArticleSkeleton />}
      missing={
        <NotFoundState Icon={FileQuestion} title={articleText.notFoundTitle} text={articleText.notFoundText}>
          <LinkButton to={paths.news()} icon={<Newspaper aria-hidden="true" />}>
            {articleText.back}
          </LinkButton>
        </NotFoundState>
      }
      className="max-w-3xl"
    >
      {(article) => <ArticleView key={article.id} article={article} />}
    </ItemPage>
  );
}

function ArticleView({ article }: { article: ArticleDetail }) {
  const [liked, toggleLike] = useLikedArticle(article.id);
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <Badge variant="accent">{article.categoryLabel}</Badge>
        <h1 className="text-[1.75rem] leading-tight font-extrabold tracking-tight text-balance sm:text-4xl" data-testid="article-title">
          {typeset(article.title)}
        </h1>
        <p className="text-lg text-muted-foreground text-pretty">{typeset(article.excerpt)}</p>
        <ContentCredits credits={article}>
          <li className="flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden="true" />
            <time dateTime={article.date}>{formatLongDate(article.date)}</time>
          </li>
          <li className="flex items-center gap-1.5" data-testid="article-read-time">
            <Clock className="size-4" aria-hidden="true" />
            {newsText.readTime(article.readTimeMinutes)}
          </li>
        </ContentCredits>
        <div className="flex flex-wrap items-center justify-between gap-3 border-y py-3">
          <Button
            variant="outline"
            aria-pressed={liked}
            onClick={toggleLike}
            className={cn(liked && 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100 hover:text-rose-800')}
          >
            <Heart aria-hidden="true" className={cn(liked && 'fill-current')} />
            {liked ? articleText.liked : articleText.like}
          </Button>
          <ShareButtons path={paths.article(article.id)} title={article.title} extended />
        </div>
      </header>

      <HealthNotice />

      {article.imageUrl && (
        <MediaImage src={article.imageUrl} width={960} height={540} sizes="(min-width: 768px) 736px, 100vw" priority className="rounded-xl border" />
      )}

      <ArticleBody html={article.bodyHtml} />

      <Card className="mt-4 flex items-start gap-4 p-5" data-testid="author-box">
        <span
          className="grid size-14 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
          aria-hidden="true"
        >
          {initials(article.author)}
        </span>
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{articleText.aboutAuthor}</p>
          <p className="font-semibold">{article.author}</p>
          <p className="mt-1 text-sm text-muted-foreground">{articleText.authorBio(article.author)}</p>
        </div>
      </Card>
    </article>
  );
}

function ArticleSkeleton() {
  return (
    <LoadingRegion label={articleText.loading} className="flex flex-col gap-5">
      <Skeletons sizes={['h-5 w-24 rounded-full', 'h-9 w-11/12', 'h-9 w-2/3', 'h-5 w-full', 'h-5 w-4/5', 'h-5 w-72', 'h-14 w-full', 'aspect-video w-full rounded-xl', 'h-4 w-full', 'h-4 w-full', 'h-4 w-3/4']} />
    </LoadingRegion>
  );
}
