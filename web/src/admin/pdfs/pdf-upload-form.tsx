import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { formatBytes } from '../lib/format-bytes';
import { type UploadRequest } from '../lib/use-file-uploads';
import { catalogueBasics, CategoryPriceFields, TitleDescriptionFields } from '../components/catalogue-fields';
import { FileFormField } from '../components/file-field';
import { OptionalLabel } from '../components/optional-label';
import { UploadFormCard, useUploadForm } from '../components/upload-form-card';
import { emptyPdfUpload, pdfUploadSchema, type PdfUploadValues } from './pdf-schema';
import CREATE_PDF from './graphql/create-pdf.mutation.graphql';

type FileKey = 'pdf' | 'illustration';

const t = adminFr.pdfs;
const f = t.fields;

/** The files to send: the PDF, and its illustration when chosen. */
function pdfRequests(values: PdfUploadValues): Array<UploadRequest<FileKey>> {
  const requests: Array<UploadRequest<FileKey>> = [{ key: 'pdf', kind: 'PDF', file: values.file! }];
  if (values.illustration) requests.push({ key: 'illustration', kind: 'ILLUSTRATION', file: values.illustration });
  return requests;
}

/** `createPdf`'s input: the form's texts trimmed, the uploads' ids. */
function createPdfInput(values: PdfUploadValues, ids: Partial<Record<FileKey, string>>) {
  return {
    ...catalogueBasics(values),
    fileUploadId: ids.pdf!,
    illustrationUploadId: ids.illustration ?? null,
  };
}

/** 'Ajouter un PDF': same pattern as the video upload (spec §4 upload states). */
export function PdfUploadForm({
  limits,
  onUploaded,
}: {
  limits: { pdfBytes: number; imageBytes: number } | undefined;
  onUploaded(): void;
}) {
  const id = useId();
  const [createPdf] = useApolloMutation(CREATE_PDF);
  // The files sent straight to storage, then `createPdf` with their ids.
  const { form, files, uploading, onSubmit } = useUploadForm({
    resolver: zodResolver(pdfUploadSchema),
    empty: emptyPdfUpload,
    requests: pdfRequests,
    create: async (values, ids) => resultOf((await createPdf({ variables: { input: createPdfInput(values, ids) } })).data, 'createPdf'),
    onUploaded,
    texts: t,
  });
  const { errors } = form.formState;
  const maxSize = (bytes: number | undefined) => (bytes === undefined ? undefined : adminFr.upload.maxSize(formatBytes(bytes)));

  return (
    <UploadFormCard title={t.formTitle} submitLabel={t.submit} uploading={uploading} files={files} onSubmit={onSubmit}>
      <TitleDescriptionFields id={id} labels={f} title={form.register('title')} description={form.register('description')} errors={errors} span="md:col-span-2" optionalDescription />
      <CategoryPriceFields id={id} labels={f} category={form.register('category')} price={form.register('price')} errors={errors} />
      <FileFormField id={`${id}-file`} label={f.file} hint={maxSize(limits?.pdfBytes)} error={errors.file?.message} form={form} name="file" accept="application/pdf" disabled={uploading} />
      <FileFormField
        id={`${id}-illustration`}
        label={<OptionalLabel text={f.illustration} />}
        hint={maxSize(limits?.imageBytes)}
        error={errors.illustration?.message}
        form={form}
        name="illustration"
        accept="image/*"
        preview
        disabled={uploading}
      />
    </UploadFormCard>
  );
}
