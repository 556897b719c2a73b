import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { blankToNull, centsToPrice, creditsInput, creditValues, optionalInteger } from '../lib/form-rules';
import { FormField } from '@/components/ui/form-field';
import { catalogueBasics, CategoryPriceFields, TitleDescriptionFields } from '../components/catalogue-fields';
import { CreditFields } from '../components/credit-fields';
import { EditDialog, EditDialogForm, saveEdit } from '../components/edit-dialog';
import { OptionalLabel } from '../components/optional-label';
import { LearnItemFields } from './learn-item-fields';
import { TimingFields } from './timing-fields';
import { type AdminVideo } from './operations';
import { LEARN_ITEM_COUNT, MIN_PREVIEW_SECONDS, videoEditSchema, type VideoEditValues } from './video-schema';
import UPDATE_VIDEO from './graphql/update-video.mutation.graphql';

function valuesOf(video: AdminVideo): VideoEditValues {
  const items = [...video.learnItems];
  while (items.length < LEARN_ITEM_COUNT) items.push('');
  return {
    title: video.title,
    description: video.description,
    category: video.category,
    price: centsToPrice(video.priceCents),
    duration: video.durationSeconds === null ? '' : String(video.durationSeconds),
    // The server answers the length played (capped to a short video); the field keeps within 10–600.
    previewSeconds: String(Math.max(MIN_PREVIEW_SECONDS, video.previewSeconds)),
    presenterName: video.presenter?.name ?? '',
    presenterTitle: video.presenter?.title ?? '',
    learnItems: items,
    ...creditValues(video),
  };
}

/** The edit button of the table: the video's texts, category, price, presenter, author, reviewer and « Mis à jour le ». */
export function VideoEditDialog({ video, onClose }: { video: AdminVideo | null; onClose(): void }) {
  return (
    <EditDialog open={video !== null} onClose={onClose} title={adminFr.videos.editTitle} description={adminFr.videos.editDescription} className="max-w-2xl">
      {video && <VideoEditForm key={video.id} video={video} onDone={onClose} />}
    </EditDialog>
  );
}

/** `updateVideo`'s input: an emptied duration is left as it is, an unchanged preview length too. */
function updateVideoInput(values: VideoEditValues, initial: VideoEditValues) {
  return {
    ...catalogueBasics(values),
    // An emptied duration is left as it is: the server probes it from the file.
    ...(values.duration.trim() ? { durationSeconds: optionalInteger(values.duration) } : {}),
    // Only a change rebuilds the preview (a new streaming version).
    ...(values.previewSeconds.trim() !== initial.previewSeconds ? { previewSeconds: optionalInteger(values.previewSeconds) } : {}),
    presenterName: blankToNull(values.presenterName),
    presenterTitle: blankToNull(values.presenterTitle),
    learnItems: values.learnItems.map((item) => item.trim()).filter(Boolean),
    ...creditsInput(values),
  };
}

function VideoEditForm({ video, onDone }: { video: AdminVideo; onDone(): void }) {
  const t = adminFr.videos;
  const f = t.fields;
  const id = useId();
  const initial = valuesOf(video);
  const form = useForm<VideoEditValues>({ resolver: zodResolver(videoEditSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [updateVideo] = useApolloMutation(UPDATE_VIDEO);

  const onSubmit = form.handleSubmit((values) =>
    saveEdit(async () => resultOf((await updateVideo({ variables: { id: video.id, input: updateVideoInput(values, initial) } })).data, 'updateVideo'), {
      title: t.updated,
      text: t.updatedText(values.title.trim()),
      failure: t.updateFailure,
      onDone,
    }),
  );

  return (
    <EditDialogForm label={t.editTitle} onSubmit={onSubmit} onCancel={onDone} pending={isSubmitting}>
      <TitleDescriptionFields id={id} labels={f} title={form.register('title')} description={form.register('description')} errors={errors} span="sm:col-span-2" />
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-4">
        <CategoryPriceFields id={id} labels={f} category={form.register('category')} price={form.register('price')} errors={errors} />
        <TimingFields id={id} duration={form.register('duration')} preview={form.register('previewSeconds')} errors={errors} />
      </div>
      <FormField id={`${id}-presenter-name`} label={<OptionalLabel text={f.presenterName} />} error={errors.presenterName?.message}>
        <Input autoComplete="off" {...form.register('presenterName')} />
      </FormField>
      <FormField id={`${id}-presenter-title`} label={<OptionalLabel text={f.presenterTitle} />} error={errors.presenterTitle?.message}>
        <Input autoComplete="off" {...form.register('presenterTitle')} />
      </FormField>
      <CreditFields
        id={id}
        author={form.register('author')}
        reviewer={form.register('reviewer')}
        contentUpdatedOn={form.register('contentUpdatedOn')}
        errors={errors}
      />
      <LearnItemFields id={id} count={form.getValues('learnItems').length} register={(index) => form.register(`learnItems.${index}`)} errors={errors.learnItems} look="plain" />
    </EditDialogForm>
  );
}
