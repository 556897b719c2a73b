import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Save } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminFr, ARTICLE_CATEGORIES } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { isImage, optionalFile, text } from '../lib/form-rules';
import { useFileUploads } from '../lib/use-file-uploads';
import { useLogError } from '../lib/use-log-error';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ControlledFileInput } from '../components/file-field';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { FormSkeleton } from '../components/skeleton';
import { UploadProgress } from '../components/upload-progress';
import { ADMIN_ARTICLE_EDITOR, CREATE_ARTICLE, UPDATE_ARTICLE, type AdminArticleDetail } from './operations';

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
  author: text("Le nom de l'auteur", 120).check(z.refine((v) => v.trim() !== '', required)),
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

function ArticleForm({ article, onDone }: { article: AdminArticleDetail | null; onDone(): void }) {
  const id = useId();
  const { user } = useAuth();
  const f = t.fields;
  const form = useForm<ArticleValues>({
    resolver: zodResolver(articleSchema),
    defaultValues: {
      title: article?.title ?? '',
      excerpt: article?.excerpt ?? '',
      bodyHtml: article?.bodyHtml ?? '',
      author: article?.author ?? user?.fullName ?? '',
      category: article?.category ?? 'wellbeing',
      image: null,
      publish: false,
    },
  });
  const { errors } = form.formState;
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

  const bodyId = `${id}-body`;
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

          <div className="flex flex-col gap-2 md:col-span-2">
            <Label htmlFor={bodyId}>{f.body}</Label>
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
                    id={bodyId}
                    label={f.body}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={saving}
                    invalid={Boolean(errors.bodyHtml)}
                    describedBy={errors.bodyHtml ? `${bodyId}-error` : undefined}
                  />
                </Suspense>
              )}
            />
            <FieldError id={`${bodyId}-error`} message={errors.bodyHtml?.message} />
          </div>

          <div className="flex flex-col gap-3 md:col-span-2">
            {article?.imageUrl && (
              <div className="flex items-center gap-3 text-sm text-muted-foreground">
                <img src={article.imageUrl} alt="" className="h-16 w-24 rounded-md border object-cover" />
                {f.currentImage}
              </div>
            )}
            <FormField id={`${id}-image`} label={<>{f.image} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.image?.message}>
              <ControlledFileInput control={form.control} name="image" accept="image/*" preview disabled={saving} onPicked={() => void form.trigger('image')} />
            </FormField>
          </div>

          {!article && (
            <div className="flex items-start gap-3 md:col-span-2">
              <input id={`${id}-publish`} type="checkbox" className="mt-0.5 size-4 accent-(--color-primary)" aria-describedby={`${id}-publish-hint`} {...form.register('publish')} />
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-publish`}>{f.publish}</Label>
                <p id={`${id}-publish-hint`} className="text-xs text-muted-foreground">
                  {f.publishHint}
                </p>
              </div>
            </div>
          )}
        </fieldset>

        <UploadProgress rows={files.progress} onCancel={files.cancel} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={saving} onClick={onDone}>
            {adminFr.common.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? adminFr.common.saving : article ? t.saveChanges : t.create}
          </Button>
        </div>
      </form>
    </Card>
  );
}
