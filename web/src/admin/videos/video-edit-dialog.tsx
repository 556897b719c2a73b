import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { blankToNull, centsToPrice, optionalInteger } from '../lib/form-rules';
import { Textarea } from '@/components/ui/textarea';
import { CategorySelect } from '../components/controls';
import { EditDialog, EditDialogForm } from '../components/edit-dialog';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { UPDATE_VIDEO, type AdminVideo } from './operations';
import { LEARN_ITEM_COUNT, MIN_PREVIEW_SECONDS, videoEditSchema, type VideoEditValues } from './video-schema';

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
  };
}

/** The edit button of the table: the video's texts, category, price and presenter. */
export function VideoEditDialog({ video, onClose }: { video: AdminVideo | null; onClose(): void }) {
  return (
    <EditDialog open={video !== null} onClose={onClose} title={adminFr.videos.editTitle} description={adminFr.videos.editDescription} className="max-w-2xl">
      {video && <VideoEditForm key={video.id} video={video} onDone={onClose} />}
    </EditDialog>
  );
}

function VideoEditForm({ video, onDone }: { video: AdminVideo; onDone(): void }) {
  const t = adminFr.videos;
  const f = t.fields;
  const id = useId();
  const initial = valuesOf(video);
  const form = useForm<VideoEditValues>({ resolver: zodResolver(videoEditSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [updateVideo] = useApolloMutation(UPDATE_VIDEO);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await updateVideo({
        variables: {
          id: video.id,
          input: {
            title: values.title.trim(),
            description: values.description.trim(),
            category: values.category,
            price: values.price.trim(),
            // An emptied duration is left as it is: the server probes it from the file.
            ...(values.duration.trim() ? { durationSeconds: optionalInteger(values.duration) } : {}),
            // Only a change rebuilds the preview (a new streaming version).
            ...(values.previewSeconds.trim() !== initial.previewSeconds ? { previewSeconds: optionalInteger(values.previewSeconds) } : {}),
            presenterName: blankToNull(values.presenterName),
            presenterTitle: blankToNull(values.presenterTitle),
            learnItems: values.learnItems.map((item) => item.trim()).filter(Boolean),
          },
        },
      });
      resultOf(data, 'updateVideo');
      toastSuccess(t.updated, t.updatedText(values.title.trim()));
      onDone();
    } catch (err) {
      reportFailure(err, t.updateFailure);
    }
  });

  return (
    <EditDialogForm label={t.editTitle} onSubmit={onSubmit} onCancel={onDone} pending={isSubmitting}>
      <FormField id={`${id}-title`} label={f.title} error={errors.title?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField id={`${id}-description`} label={f.description} error={errors.description?.message} className="sm:col-span-2">
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:col-span-2 sm:grid-cols-4">
        <FormField id={`${id}-category`} label={f.category} error={errors.category?.message}>
          <CategorySelect {...form.register('category')} />
        </FormField>
        <FormField id={`${id}-price`} label={f.price} error={errors.price?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
        </FormField>
        <FormField id={`${id}-duration`} label={f.duration} error={errors.duration?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('duration')} />
        </FormField>
        <FormField id={`${id}-preview`} label={f.previewSeconds} error={errors.previewSeconds?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('previewSeconds')} />
        </FormField>
      </div>
      <FormField id={`${id}-presenter-name`} label={<>{f.presenterName} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.presenterName?.message}>
        <Input autoComplete="off" {...form.register('presenterName')} />
      </FormField>
      <FormField id={`${id}-presenter-title`} label={<>{f.presenterTitle} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.presenterTitle?.message}>
        <Input autoComplete="off" {...form.register('presenterTitle')} />
      </FormField>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-semibold">{f.learnItems}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {form.getValues('learnItems').map((_, index) => (
            <FormField key={index} id={`${id}-learn-${index}`} label={f.learnItem(index + 1)} error={errors.learnItems?.[index]?.message}>
              <Input autoComplete="off" {...form.register(`learnItems.${index}`)} />
            </FormField>
          ))}
        </div>
      </fieldset>
    </EditDialogForm>
  );
}
