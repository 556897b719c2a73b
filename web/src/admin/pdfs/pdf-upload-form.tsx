import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { formatBytes } from '../lib/format-bytes';
import { type UploadRequest } from '../lib/use-file-uploads';
import { Textarea } from '@/components/ui/textarea';
import { CategorySelect } from '../components/controls';
import { ControlledFileInput } from '../components/file-field';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { UploadFormCard, useUploadSubmission } from '../components/upload-form-card';
import { CREATE_PDF } from './operations';
import { emptyPdfUpload, pdfUploadSchema, type PdfUploadValues } from './pdf-schema';

type FileKey = 'pdf' | 'illustration';

/** 'Ajouter un PDF': same pattern as the video upload (spec §4 upload states). */
export function PdfUploadForm({
  limits,
  onUploaded,
}: {
  limits: { pdfBytes: number; imageBytes: number } | undefined;
  onUploaded(): void;
}) {
  const t = adminFr.pdfs;
  const f = t.fields;
  const id = useId();
  const form = useForm<PdfUploadValues>({ resolver: zodResolver(pdfUploadSchema), defaultValues: emptyPdfUpload() });
  const { errors } = form.formState;
  const [createPdf] = useApolloMutation(CREATE_PDF);
  const { files, uploading, submit } = useUploadSubmission({ successText: t.uploadSuccessText, failure: t.uploadFailure });

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      const requests: Array<UploadRequest<FileKey>> = [{ key: 'pdf', kind: 'PDF', file: values.file! }];
      if (values.illustration) requests.push({ key: 'illustration', kind: 'ILLUSTRATION', file: values.illustration });
      const ids = await files.upload(requests);
      const { data } = await createPdf({
        variables: {
          input: {
            title: values.title.trim(),
            description: values.description.trim(),
            category: values.category,
            price: values.price.trim(),
            fileUploadId: ids.pdf!,
            illustrationUploadId: ids.illustration ?? null,
          },
        },
      });
      resultOf(data, 'createPdf');
    }, () => {
      form.reset(emptyPdfUpload());
      onUploaded();
    }),
  );

  return (
    <UploadFormCard title={t.formTitle} submitLabel={t.submit} uploading={uploading} files={files} onSubmit={onSubmit}>
      <FormField id={`${id}-title`} label={f.title} error={errors.title?.message} className="md:col-span-2">
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField
        id={`${id}-description`}
        label={<>{f.description} <OptionalMark>{adminFr.common.optional}</OptionalMark></>}
        error={errors.description?.message}
        className="md:col-span-2"
      >
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <FormField id={`${id}-category`} label={f.category} error={errors.category?.message}>
        <CategorySelect {...form.register('category')} />
      </FormField>
      <FormField id={`${id}-price`} label={f.price} error={errors.price?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
      </FormField>
      <FormField
        id={`${id}-file`}
        label={f.file}
        hint={limits ? adminFr.upload.maxSize(formatBytes(limits.pdfBytes)) : undefined}
        error={errors.file?.message}
      >
        <ControlledFileInput
          control={form.control}
          name="file"
          accept="application/pdf"
          disabled={uploading}
          onPicked={() => void form.trigger('file')}
        />
      </FormField>
      <FormField
        id={`${id}-illustration`}
        label={<>{f.illustration} <OptionalMark>{adminFr.common.optional}</OptionalMark></>}
        hint={limits ? adminFr.upload.maxSize(formatBytes(limits.imageBytes)) : undefined}
        error={errors.illustration?.message}
      >
        <ControlledFileInput
          control={form.control}
          name="illustration"
          accept="image/*"
          preview
          disabled={uploading}
          onPicked={() => void form.trigger('illustration')}
        />
      </FormField>
    </UploadFormCard>
  );
}
