import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { centsToPrice } from '../lib/form-rules';
import { Textarea } from '@/components/ui/textarea';
import { CategorySelect } from '../components/controls';
import { EditDialog, EditDialogForm } from '../components/edit-dialog';
import { FormField } from '@/components/ui/form-field';
import { UPDATE_PDF, type AdminPdf } from './operations';
import { pdfEditSchema, type PdfEditValues } from './pdf-schema';

/** The edit button of the table: the PDF's title, description, category and price. */
export function PdfEditDialog({ pdf, onClose }: { pdf: AdminPdf | null; onClose(): void }) {
  return (
    <EditDialog open={pdf !== null} onClose={onClose} title={adminFr.pdfs.editTitle} description={adminFr.pdfs.editDescription} className="max-w-xl">
      {pdf && <PdfEditForm key={pdf.id} pdf={pdf} onDone={onClose} />}
    </EditDialog>
  );
}

function PdfEditForm({ pdf, onDone }: { pdf: AdminPdf; onDone(): void }) {
  const t = adminFr.pdfs;
  const f = t.fields;
  const id = useId();
  const form = useForm<PdfEditValues>({
    resolver: zodResolver(pdfEditSchema),
    defaultValues: { title: pdf.title, description: pdf.description, category: pdf.category, price: centsToPrice(pdf.priceCents) },
  });
  const { errors, isSubmitting } = form.formState;
  const [updatePdf] = useApolloMutation(UPDATE_PDF);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await updatePdf({
        variables: {
          id: pdf.id,
          input: { title: values.title.trim(), description: values.description.trim(), category: values.category, price: values.price.trim() },
        },
      });
      resultOf(data, 'updatePdf');
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
      <FormField id={`${id}-category`} label={f.category} error={errors.category?.message}>
        <CategorySelect {...form.register('category')} />
      </FormField>
      <FormField id={`${id}-price`} label={f.price} error={errors.price?.message}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('price')} />
      </FormField>
    </EditDialogForm>
  );
}
