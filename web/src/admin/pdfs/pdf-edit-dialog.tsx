import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { adminFr } from '@/i18n/admin';
import { resultOf } from '../lib/errors';
import { centsToPrice, creditsInput, creditValues } from '../lib/form-rules';
import { catalogueBasics, CategoryPriceFields, TitleDescriptionFields } from '../components/catalogue-fields';
import { CreditFields } from '../components/credit-fields';
import { EditDialog, EditDialogForm, saveEdit } from '../components/edit-dialog';
import { type AdminPdf } from './operations';
import { pdfEditSchema, type PdfEditValues } from './pdf-schema';
import UPDATE_PDF from './graphql/update-pdf.mutation.graphql';

/** The edit button of the table: the PDF's title, description, category, price, author, reviewer and « Mis à jour le ». */
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
    defaultValues: { title: pdf.title, description: pdf.description, category: pdf.category, price: centsToPrice(pdf.priceCents), ...creditValues(pdf) },
  });
  const { errors, isSubmitting } = form.formState;
  const [updatePdf] = useApolloMutation(UPDATE_PDF);

  const onSubmit = form.handleSubmit((values) => {
    const input = { ...catalogueBasics(values), ...creditsInput(values) };
    return saveEdit(async () => resultOf((await updatePdf({ variables: { id: pdf.id, input } })).data, 'updatePdf'), {
      title: t.updated,
      text: t.updatedText(input.title),
      failure: t.updateFailure,
      onDone,
    });
  });

  return (
    <EditDialogForm label={t.editTitle} onSubmit={onSubmit} onCancel={onDone} pending={isSubmitting}>
      <TitleDescriptionFields id={id} labels={f} title={form.register('title')} description={form.register('description')} errors={errors} span="sm:col-span-2" />
      <CategoryPriceFields id={id} labels={f} category={form.register('category')} price={form.register('price')} errors={errors} />
      <CreditFields
        id={id}
        author={form.register('author')}
        reviewer={form.register('reviewer')}
        contentUpdatedOn={form.register('contentUpdatedOn')}
        errors={errors}
      />
    </EditDialogForm>
  );
}
