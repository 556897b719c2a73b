import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { formatBytes } from '../lib/format-bytes';
import { blankToNull, optionalInteger } from '../lib/form-rules';
import { type UploadRequest } from '../lib/use-file-uploads';
import { Textarea } from '@/components/ui/textarea';
import { CategorySelect } from '../components/controls';
import { ControlledFileInput } from '../components/file-field';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { UploadFormCard, useUploadSubmission } from '../components/upload-form-card';
import { CREATE_VIDEO } from './operations';
import { emptyVideoUpload, videoUploadSchema, type VideoUploadValues } from './video-schema';

type FileKey = 'video' | 'thumbnail' | 'presenterPhoto';

/**
 * 'Ajouter une vidéo': the fields, the files sent straight to storage with a real progress bar
 * each, then `createVideo` with the upload ids. While uploading every field is disabled and the
 * button reads 'Upload en cours...'; on success the form resets and the list reloads (spec §4).
 */
export function VideoUploadForm({
  limits,
  onUploaded,
}: {
  limits: { videoBytes: number; imageBytes: number } | undefined;
  onUploaded(): void;
}) {
  const t = adminFr.videos;
  const f = t.fields;
  const id = useId();
  const form = useForm<VideoUploadValues>({ resolver: zodResolver(videoUploadSchema), defaultValues: emptyVideoUpload() });
  const { errors } = form.formState;
  const [createVideo] = useApolloMutation(CREATE_VIDEO);
  const { files, uploading, submit } = useUploadSubmission({ successText: t.uploadSuccessText, failure: t.uploadFailure });

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      const requests: Array<UploadRequest<FileKey>> = [{ key: 'video', kind: 'VIDEO', file: values.videoFile! }];
      if (values.thumbnail) requests.push({ key: 'thumbnail', kind: 'THUMBNAIL', file: values.thumbnail });
      if (values.presenterPhoto) requests.push({ key: 'presenterPhoto', kind: 'THUMBNAIL', file: values.presenterPhoto });
      const ids = await files.upload(requests);
      const { data } = await createVideo({
        variables: {
          input: {
            title: values.title.trim(),
            description: values.description.trim(),
            category: values.category,
            price: values.price.trim(),
            durationSeconds: optionalInteger(values.duration),
            previewSeconds: optionalInteger(values.previewSeconds),
            presenterName: blankToNull(values.presenterName),
            presenterTitle: blankToNull(values.presenterTitle),
            presenterPhotoUploadId: ids.presenterPhoto ?? null,
            learnItems: values.learnItems.map((item) => item.trim()).filter(Boolean),
            videoUploadId: ids.video!,
            thumbnailUploadId: ids.thumbnail ?? null,
          },
        },
      });
      resultOf(data, 'createVideo');
    }, () => {
      form.reset(emptyVideoUpload());
      onUploaded();
    }),
  );

  const fileField = (name: 'videoFile' | 'thumbnail' | 'presenterPhoto', accept: string, preview: boolean) => (
    <ControlledFileInput
      control={form.control}
      name={name}
      accept={accept}
      preview={preview}
      disabled={uploading}
      // The type is checked as soon as a file is chosen, not only on submit.
      onPicked={() => void form.trigger(name)}
    />
  );

  return (
    <UploadFormCard title={t.formTitle} submitLabel={t.submit} uploading={uploading} files={files} onSubmit={onSubmit}>
      <FormField id={`${id}-title`} label={f.title} error={errors.title?.message} className="md:col-span-2">
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField id={`${id}-description`} label={<>{f.description} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.description?.message} className="md:col-span-2">
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 md:col-span-2">
        <FormField id={`${id}-category`} label={f.category} error={errors.category?.message}>
          <CategorySelect {...form.register('category')} />
        </FormField>
        <FormField id={`${id}-price`} label={f.price} error={errors.price?.message}>
          <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
        </FormField>
        <FormField id={`${id}-duration`} label={<>{f.duration} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} hint={f.durationHint} error={errors.duration?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('duration')} />
        </FormField>
        <FormField id={`${id}-preview`} label={f.previewSeconds} hint={f.previewSecondsHint} error={errors.previewSeconds?.message}>
          <Input inputMode="numeric" autoComplete="off" {...form.register('previewSeconds')} />
        </FormField>
      </div>

      <FormField
        id={`${id}-video`}
        label={f.videoFile}
        hint={limits ? adminFr.upload.maxSize(formatBytes(limits.videoBytes)) : undefined}
        error={errors.videoFile?.message}
      >
        {fileField('videoFile', 'video/*', false)}
      </FormField>
      <FormField
        id={`${id}-thumbnail`}
        label={<>{f.thumbnail} <OptionalMark>{adminFr.common.optional}</OptionalMark></>}
        hint={f.thumbnailHint}
        error={errors.thumbnail?.message}
      >
        {fileField('thumbnail', 'image/*', true)}
      </FormField>

      <fieldset className="flex flex-col gap-4 rounded-lg border p-4 md:col-span-2">
        <legend className="px-1 text-sm font-semibold">
          {f.presenter} <OptionalMark>{adminFr.common.optional}</OptionalMark>
        </legend>
        <div className="grid gap-4 md:grid-cols-3">
          <FormField id={`${id}-presenter-name`} label={f.presenterName} error={errors.presenterName?.message}>
            <Input autoComplete="off" {...form.register('presenterName')} />
          </FormField>
          <FormField id={`${id}-presenter-title`} label={f.presenterTitle} error={errors.presenterTitle?.message}>
            <Input autoComplete="off" {...form.register('presenterTitle')} />
          </FormField>
          <FormField id={`${id}-presenter-photo`} label={f.presenterPhoto} error={errors.presenterPhoto?.message}>
            {fileField('presenterPhoto', 'image/*', true)}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border p-4 md:col-span-2">
        <legend className="px-1 text-sm font-semibold">{f.learnItems}</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {form.getValues('learnItems').map((_, index) => (
            <FormField key={index} id={`${id}-learn-${index}`} label={f.learnItem(index + 1)} error={errors.learnItems?.[index]?.message}>
              <Input autoComplete="off" {...form.register(`learnItems.${index}`)} />
            </FormField>
          ))}
        </div>
      </fieldset>
    </UploadFormCard>
  );
}
