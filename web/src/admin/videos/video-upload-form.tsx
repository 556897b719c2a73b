import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { formatBytes } from '../lib/format-bytes';
import { blankToNull, optionalInteger } from '../lib/form-rules';
import { type UploadRequest } from '../lib/use-file-uploads';
import { catalogueBasics, CategoryPriceFields, TitleDescriptionFields } from '../components/catalogue-fields';
import { FileFormField } from '../components/file-field';
import { OptionalLabel } from '../components/optional-label';
import { UploadFormCard, useUploadForm } from '../components/upload-form-card';
import { LearnItemFields } from './learn-item-fields';
import { TimingFields } from './timing-fields';
import { emptyVideoUpload, videoUploadSchema, type VideoUploadValues } from './video-schema';
import CREATE_VIDEO from './graphql/create-video.mutation.graphql';

type FileKey = 'video' | 'thumbnail' | 'presenterPhoto';
type UploadIds = Partial<Record<FileKey, string>>;

const t = adminFr.videos;
const f = t.fields;

/** `createVideo`'s input: the form's texts trimmed, emptied ones as null, the uploads' ids. */
function createVideoInput(values: VideoUploadValues, ids: UploadIds) {
  return {
    ...catalogueBasics(values),
    durationSeconds: optionalInteger(values.duration),
    previewSeconds: optionalInteger(values.previewSeconds),
    presenterName: blankToNull(values.presenterName),
    presenterTitle: blankToNull(values.presenterTitle),
    presenterPhotoUploadId: ids.presenterPhoto ?? null,
    learnItems: values.learnItems.map((item) => item.trim()).filter(Boolean),
    videoUploadId: ids.video!,
    thumbnailUploadId: ids.thumbnail ?? null,
  };
}

/** The files to send: the video, and the thumbnail and presenter's photo when chosen. */
function videoRequests(values: VideoUploadValues): Array<UploadRequest<FileKey>> {
  const requests: Array<UploadRequest<FileKey>> = [{ key: 'video', kind: 'VIDEO', file: values.videoFile! }];
  if (values.thumbnail) requests.push({ key: 'thumbnail', kind: 'THUMBNAIL', file: values.thumbnail });
  if (values.presenterPhoto) requests.push({ key: 'presenterPhoto', kind: 'THUMBNAIL', file: values.presenterPhoto });
  return requests;
}


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
  const id = useId();
  const [createVideo] = useApolloMutation(CREATE_VIDEO);
  // The files sent straight to storage, then `createVideo` with their ids.
  const { form, files, uploading, onSubmit } = useUploadForm({
    resolver: zodResolver(videoUploadSchema),
    empty: emptyVideoUpload,
    requests: videoRequests,
    create: async (values, ids) => resultOf((await createVideo({ variables: { input: createVideoInput(values, ids) } })).data, 'createVideo'),
    onUploaded,
    texts: t,
  });
  const { errors } = form.formState;

  return (
    <UploadFormCard title={t.formTitle} submitLabel={t.submit} uploading={uploading} files={files} onSubmit={onSubmit}>
      <TitleDescriptionFields id={id} labels={f} title={form.register('title')} description={form.register('description')} errors={errors} span="md:col-span-2" optionalDescription />
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4 md:col-span-2">
        <CategoryPriceFields id={id} labels={f} category={form.register('category')} price={form.register('price')} errors={errors} />
        <TimingFields id={id} duration={form.register('duration')} preview={form.register('previewSeconds')} errors={errors} upload />
      </div>

      <FileFormField
        id={`${id}-video`}
        label={f.videoFile}
        hint={limits ? adminFr.upload.maxSize(formatBytes(limits.videoBytes)) : undefined}
        error={errors.videoFile?.message}
        form={form}
        name="videoFile"
        accept="video/*"
        preview={false}
        disabled={uploading}
      />
      <FileFormField
        id={`${id}-thumbnail`}
        label={<OptionalLabel text={f.thumbnail} />}
        hint={f.thumbnailHint}
        error={errors.thumbnail?.message}
        form={form}
        name="thumbnail"
        accept="image/*"
        preview
        disabled={uploading}
      />

      <PresenterFields id={id} form={form} uploading={uploading} />

      <LearnItemFields id={id} count={form.getValues('learnItems').length} register={(index) => form.register(`learnItems.${index}`)} errors={errors.learnItems} look="framed" />
    </UploadFormCard>
  );
}

/** 'Présentateur (facultatif)': the name, the title and the photo, framed on one row. */
function PresenterFields({ id, form, uploading }: { id: string; form: UseFormReturn<VideoUploadValues>; uploading: boolean }) {
  const { errors } = form.formState;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-4 md:col-span-2">
      <legend className="px-1 text-sm font-semibold">
        <OptionalLabel text={f.presenter} />
      </legend>
      <div className="grid gap-4 md:grid-cols-3">
        <FormField id={`${id}-presenter-name`} label={f.presenterName} error={errors.presenterName?.message}>
          <Input autoComplete="off" {...form.register('presenterName')} />
        </FormField>
        <FormField id={`${id}-presenter-title`} label={f.presenterTitle} error={errors.presenterTitle?.message}>
          <Input autoComplete="off" {...form.register('presenterTitle')} />
        </FormField>
        <FileFormField
          id={`${id}-presenter-photo`}
          label={f.presenterPhoto}
          error={errors.presenterPhoto?.message}
          form={form}
          name="presenterPhoto"
          accept="image/*"
          preview
          disabled={uploading}
        />
      </div>
    </fieldset>
  );
}
