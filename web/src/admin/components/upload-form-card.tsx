import { Upload } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminFr } from '@/i18n/admin';
import { reportFailure, toastSuccess } from '../lib/errors';
import { useFileUploads, type UploadRequest } from '../lib/use-file-uploads';
import { UploadProgress } from './upload-progress';

/**
 * The submission of an upload form (spec §4 upload states): `uploading` while the files go and the
 * item is created; on success 'Succès' with the screen's sentence and `onDone`, else the screen's
 * toast; the progress rows are cleared either way.
 */
export function useUploadSubmission({ successText, failure }: { successText: string; failure: string }) {
  const files = useFileUploads();
  const [uploading, setUploading] = useState(false);
  const submit = async (create: () => Promise<void>, onDone: () => void) => {
    setUploading(true);
    try {
      await create();
      toastSuccess(adminFr.common.success, successText);
      onDone();
    } catch (err) {
      reportFailure(err, failure);
    } finally {
      files.reset();
      setUploading(false);
    }
  };
  return { files, uploading, submit };
}

/**
 * An upload form (videos, PDFs) and its submit: its files (`requests`) sent to storage with their
 * progress, then `create` with their upload ids; on success the form back to `empty()` and
 * `onUploaded` (useUploadSubmission with the screen's sentences).
 */
export function useUploadForm<V extends FieldValues, K extends string>({
  resolver,
  empty,
  requests,
  create,
  onUploaded,
  texts,
}: {
  resolver: Resolver<V>;
  empty(): V;
  requests(values: V): Array<UploadRequest<K>>;
  create(values: V, ids: Partial<Record<K, string>>): Promise<unknown>;
  onUploaded(): void;
  texts: { uploadSuccessText: string; uploadFailure: string };
}) {
  const form = useForm<V>({ resolver, defaultValues: empty() as DefaultValues<V> });
  const { files, uploading, submit } = useUploadSubmission({ successText: texts.uploadSuccessText, failure: texts.uploadFailure });
  const onSubmit = form.handleSubmit((values) =>
    submit(
      async () => {
        await create(values, await files.upload(requests(values)));
      },
      () => {
        form.reset(empty());
        onUploaded();
      },
    ),
  );
  return { form, files, uploading, onSubmit };
}

/** The card of an upload form: heading, the fields (disabled while uploading), progress, submit. */
export function UploadFormCard({
  title,
  submitLabel,
  uploading,
  files,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  uploading: boolean;
  files: ReturnType<typeof useFileUploads>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <form onSubmit={onSubmit} noValidate aria-label={title} className="flex flex-col gap-6">
        <fieldset disabled={uploading} className="grid gap-5 md:grid-cols-2">
          {children}
        </fieldset>

        <UploadProgress rows={files.progress} onCancel={files.cancel} />

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={uploading} className="w-full sm:w-auto">
            <Upload aria-hidden="true" />
            {uploading ? adminFr.upload.uploading : submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
