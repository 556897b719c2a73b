import { useApolloMutation } from '@/data/hooks';
import { ExternalLink, EyeOff, Send } from 'lucide-react';
import { useState } from 'react';
import { paths } from '@/app/route-manifest';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { IconAction } from '../components/icon-action';
import { EditDeleteActions } from '../components/list-screen';
import { type AdminArticle } from './operations';
import PUBLISH_ARTICLE from './graphql/publish-article.mutation.graphql';
import UNPUBLISH_ARTICLE from './graphql/unpublish-article.mutation.graphql';

const t = adminFr.articles;

/**
 * 'Publier' / 'Dépublier': the mutation, its toast, then `reload`; `busyId` is the article being
 * switched (its button disabled meanwhile).
 */
export function useTogglePublished(reload: () => Promise<unknown>) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [publishArticle] = useApolloMutation(PUBLISH_ARTICLE);
  const [unpublishArticle] = useApolloMutation(UNPUBLISH_ARTICLE);

  const toggle = async (article: AdminArticle) => {
    setBusyId(article.id);
    try {
      if (article.status === 'PUBLISHED') {
        const { data: result } = await unpublishArticle({ variables: { id: article.id } });
        resultOf(result, 'unpublishArticle');
        toastSuccess(t.unpublishedToast, t.unpublishedText);
      } else {
        const { data: result } = await publishArticle({ variables: { id: article.id } });
        resultOf(result, 'publishArticle');
        toastSuccess(t.publishedToast, t.publishedText);
      }
      await reload();
    } catch (err) {
      reportFailure(err, t.publishFailure);
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, toggle };
}

/** An article row's actions: view it on the site (once published), publish or withdraw, edit, delete. */
export function ArticleRowActions({
  article,
  busy,
  onToggle,
  onEdit,
  onDelete,
}: {
  article: AdminArticle;
  busy: boolean;
  onToggle(article: AdminArticle): void;
  onEdit(article: AdminArticle): void;
  onDelete(article: AdminArticle): void;
}) {
  const published = article.status === 'PUBLISHED';
  return (
    <>
      {published && (
        <IconAction label={t.viewAction(article.title)} tooltip={t.viewAction(article.title)} onClick={() => window.open(paths.article(article.id), '_blank', 'noopener')}>
          <ExternalLink aria-hidden="true" />
        </IconAction>
      )}
      <IconAction
        label={published ? t.unpublishAction(article.title) : t.publishAction(article.title)}
        tooltip={published ? t.unpublish : t.publish}
        disabled={busy}
        onClick={() => onToggle(article)}
      >
        {published ? <EyeOff aria-hidden="true" /> : <Send aria-hidden="true" />}
      </IconAction>
      <EditDeleteActions texts={t} name={article.title} onEdit={() => onEdit(article)} onDelete={() => onDelete(article)} />
    </>
  );
}
