import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Save } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { useAuth } from '@/auth/auth-context';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminFr, ARTICLE_CATEGORIES } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { blankToNull, creditFields, isImage, optionalFile, text, todayField } from '../lib/form-rules';
import { useFileUploads } from '../lib/use-file-uploads';
import { useLogError } from '../lib/use-log-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { DialogActions } from '../components/dialog-actions';
import { FileFormField } from '../components/file-field';
import { FormField } from '@/components/ui/form-field';
import { OptionalLabel } from '../components/optional-label';
import { Skeleton } from '@/components/ui/skeleton';
import { FormSkeleton } from '../components/skeleton';
import { UploadProgress } from '../components/upload-progress';
import { CreditFields } from '../components/credit-fields';
import { HealthClaimWarning } from './health-claim-warning';
import { type AdminArticleDetail } from './operations';
import ADMIN_ARTICLE_EDITOR from './graphql/admin-article-editor.query.graphql';
import CREATE_ARTICLE from './graphql/create-article.mutation.graphql';
import UPDATE_ARTICLE from './graphql/update-article.mutation.graphql';

// TipTap and ProseMirror are fetched only when an administrator opens this form.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const t = adminFr.articles;
const required = adminFr.common.required;

/** Text of an HTML body, to tell an empty editor ('<p></p>') from a written one. */
function hasText(html: string): boolean {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() !== '';
}

const articleSchema = z.object({
  title: text(adminFr.fieldNames.title, 200).check(z.refine((v) => v.trim() !== '', required)),
  excerpt: text(adminFr.fieldNames.excerpt, 600).check(z.refine((v) => v.trim() !== '', required)),
  bodyHtml: z.string().check(z.maxLength(200_000, adminFr.common.tooLong(adminFr.fieldNames.body, 200_000)), z.refine(hasText, required)),
  author: text(adminFr.fieldNames.author, 120).check(z.refine((v) => v.trim() !== '', required)),
  reviewer: creditFields.reviewer,
  contentUpdatedOn: creditFields.contentUpdatedOn,
  category: z.enum(ARTICLE_CATEGORIES),
  image: optionalFile.check(z.refine((file) => !file || isImage(file), t.invalidImage)),
  publish: z.boolean(),
});
type ArticleValues = z.infer<typeof articleSchema>;

/** 'Nouvel article' or the edit form of one: the editor's query, then the form. */
export function ArticleEditor({ articleId, onDone }: { articleId: string | null; onDone(): void }) {
  const { data, loading, error } = useApolloQuery(ADMIN_ARTICLE_EDITOR, {
    variables: { id: articleId ?? '' },
    skip: articleId === null,
    fetchPolicy: 'network-only',
  });
  useLogError(error, 'AdminArticleEditor');
  if (articleId !== null && !data?.article) {
    return (
      <Card className="p-4 sm:p-6">{loading ? <FormSkeleton fields={5} /> : <p>{t.empty}</p>}</Card>
    );
  }
  return <ArticleForm key={articleId ?? 'new'} article={data?.article ?? null} onDone={onDone} />;
}

function defaultsOf(article: AdminArticleDetail | null, author: string | undefined): ArticleValues {
  return {
    title: article?.title ?? '',
    excerpt: article?.excerpt ?? '',
    bodyHtml: article?.bodyHtml ?? '',
    author: article?.author ?? author ?? '',
    reviewer: article?.reviewer ?? '',
    // A new article is dated today; an edit keeps its day until the administrator changes it.
    contentUpdatedOn: article ? (article.contentUpdatedOn ?? '') : todayField(),
    category: article?.category ?? 'wellbeing',
    image: null,
    publish: false,
  };
}

/**
 * The form and its saving: the image (if one was chosen) sent to storage with its progress, then
 * `updateArticle` or `createArticle` (published at once if asked), its toast and `onDone`.
 */
function useArticleForm(article: AdminArticleDetail | null, onDone: () => void) {
  const { user } = useAuth();
  const form = useForm<ArticleValues>({ resolver: zodResolver(articleSchema), defaultValues: defaultsOf(article, user?.fullName) });
  const files = useFileUploads();
  const [saving, setSaving] = useState(false);
  const [createArticle] = useApolloMutation(CREATE_ARTICLE);
  const [updateArticle] = useApolloMutation(UPDATE_ARTICLE);

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const ids = values.image ? await files.upload([{ key: 'image', kind: 'ILLUSTRATION', file: values.image }]) : {};
      const input = {
        title: values.title.trim(),
        excerpt: values.excerpt.trim(),
        bodyHtml: values.bodyHtml,
        author: values.author.trim(),
        reviewer: blankToNull(values.reviewer),
        contentUpdatedOn: blankToNull(values.contentUpdatedOn),
        category: values.category,
        ...(ids.image ? { imageUploadId: ids.image } : {}),
      };
      if (article) {
        const { data } = await updateArticle({ variables: { id: article.id, input } });
        resultOf(data, 'updateArticle');
        toastSuccess(t.updated, t.updatedText(input.title));
      } else {
        const { data } = await createArticle({ variables: { input: { ...input, publish: values.publish } } });
        resultOf(data, 'createArticle');
        toastSuccess(t.created, t.createdText(input.title));
      }
      onDone();
    } catch (err) {
      reportFailure(err, t.saveFailure);
    } finally {
      files.reset();
      setSaving(false);
    }
  });
  return { form, files, saving, onSubmit };
}

type ArticleFormState = ReturnType<typeof useArticleForm>;

function ArticleForm({ article, onDone }: { article: AdminArticleDetail | null; onDone(): void }) {
  const id = useId();
  const f = t.fields;
  const { form, files, saving, onSubmit } = useArticleForm(article, onDone);
  const { errors } = form.formState;
  const [title, excerpt, bodyHtml] = useWatch({ control: form.control, name: ['title', 'excerpt', 'bodyHtml'] });

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={onSubmit} noValidate aria-label={article ? t.formTitleEdit : t.formTitleNew} className="flex flex-col gap-6">
        <fieldset disabled={saving} className="grid gap-5 md:grid-cols-2">
          <FormField id={`${id}-title`} label={f.title} error={errors.title?.message} className="md:col-span-2">
            <Input autoComplete="off" {...form.register('title')} />
          </FormField>
          <FormField id={`${id}-excerpt`} label={f.excerpt} hint={f.excerptHint} error={errors.excerpt?.message} className="md:col-span-2">
            <Textarea rows={3} {...form.register('excerpt')} />
          </FormField>
          <FormField id={`${id}-author`} label={f.author} error={errors.author?.message}>
            <Input autoComplete="off" {...form.register('author')} />
          </FormField>
          <FormField id={`${id}-category`} label={f.category} error={errors.category?.message}>
            <NativeSelect {...form.register('category')}>
              {ARTICLE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {adminFr.articleCategories[category]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <CreditFields id={id} reviewer={form.register('reviewer')} contentUpdatedOn={form.register('contentUpdatedOn')} errors={errors} />
          <BodyField id={`${id}-body`} form={form} saving={saving} />
          <HealthClaimWarning title={title} excerpt={excerpt} bodyHtml={bodyHtml} className="md:col-span-2" />
          <ImageField id={`${id}-image`} imageUrl={article?.imageUrl} form={form} saving={saving} />
          {!article && <PublishField id={`${id}-publish`} form={form} />}
        </fieldset>

        <UploadProgress rows={files.progress} onCancel={files.cancel} />

        <DialogActions
          label={article ? t.saveChanges : t.create}
          pendingLabel={adminFr.common.saving}
          pending={saving}
          onCancel={onDone}
          icon={<Save aria-hidden="true" />}
        />
      </form>
    </Card>
  );
}

/** 'Contenu': the rich text editor (fetched on its own, a skeleton meanwhile) and its error. */
function BodyField({ id, form, saving }: { id: string; form: ArticleFormState['form']; saving: boolean }) {
  const { errors } = form.formState;
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <Label htmlFor={id}>{t.fields.body}</Label>
      <Controller
        control={form.control}
        name="bodyHtml"
        render={({ field }) => (
          <Suspense
            fallback={
              <div role="status" className="flex flex-col gap-2 rounded-md border p-3">
                <span className="sr-only">{adminFr.editor.loading}</span>
                <Skeleton className="h-8 w-full" />
                <Skeleton className="h-48 w-full" />
              </div>
            }
          >
            <RichTextEditor
              id={id}
              label={t.fields.body}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={saving}
              invalid={Boolean(errors.bodyHtml)}
              describedBy={errors.bodyHtml ? `${id}-error` : undefined}
            />
          </Suspense>
        )}
      />
      <FieldError id={`${id}-error`} message={errors.bodyHtml?.message} />
    </div>
  );
}

/** 'Image (facultatif)': the current image when there is one, then the file to replace it. */
function ImageField({ id, imageUrl, form, saving }: { id: string; imageUrl: string | null | undefined; form: ArticleFormState['form']; saving: boolean }) {
  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      {imageUrl && (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <img src={imageUrl} alt="" className="h-16 w-24 rounded-md border object-cover" />
          {t.fields.currentImage}
        </div>
      )}
      <FileFormField
        id={id}
        label={<OptionalLabel text={t.fields.image} />}
        error={form.formState.errors.image?.message}
        form={form}
        name="image"
        accept="image/*"
        preview
        disabled={saving}
      />
    </div>
  );
}

/** 'Publier maintenant' (a new article only), with its sentence. */
function PublishField({ id, form }: { id: string; form: ArticleFormState['form'] }) {
  return (
    <div className="flex items-start gap-3 md:col-span-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-(--color-primary)" aria-describedby={`${id}-hint`} {...form.register('publish')} />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{t.fields.publish}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t.fields.publishHint}
        </p>
      </div>
    </div>
  );
}
