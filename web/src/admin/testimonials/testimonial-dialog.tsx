import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminFr } from '@/i18n/admin';
import { reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { blankToNull, text } from '../lib/form-rules';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { EditDialog, EditDialogForm } from '../components/edit-dialog';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { type AdminTestimonial } from './operations';
import CREATE_TESTIMONIAL from './graphql/create-testimonial.mutation.graphql';
import UPDATE_TESTIMONIAL from './graphql/update-testimonial.mutation.graphql';

const t = adminFr.testimonials;
const RATINGS = ['5', '4', '3', '2', '1'] as const;

const testimonialSchema = z
  .object({
    name: text(adminFr.fieldNames.name, 120),
    location: text(adminFr.fieldNames.location, 120),
    content: text(adminFr.fieldNames.testimonial, 2000),
    rating: z.enum(RATINGS),
    videoTitle: text(adminFr.fieldNames.videoTitle, 200),
    isActive: z.boolean(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (!values.name.trim()) ctx.addIssue({ code: 'custom', message: t.required, path: ['name'] });
      else if (!values.content.trim()) ctx.addIssue({ code: 'custom', message: t.required, path: ['content'] });
    }),
  );
type TestimonialValues = z.infer<typeof testimonialSchema>;

/** `editing`: null closed, 'new' for a new testimonial, or the one to edit. */
export function TestimonialDialog({ editing, onClose }: { editing: AdminTestimonial | 'new' | null; onClose(saved: boolean): void }) {
  return (
    <EditDialog
      open={editing !== null}
      onClose={() => onClose(false)}
      title={editing === 'new' ? t.formTitleNew : t.formTitleEdit}
      description={t.formDescription}
      className="max-w-lg"
    >
      {editing !== null && (
        <TestimonialForm key={editing === 'new' ? 'new' : editing.id} testimonial={editing === 'new' ? null : editing} onDone={onClose} />
      )}
    </EditDialog>
  );
}

function TestimonialForm({ testimonial, onDone }: { testimonial: AdminTestimonial | null; onDone(saved: boolean): void }) {
  const id = useId();
  const f = t.fields;
  const form = useForm<TestimonialValues>({
    resolver: zodResolver(testimonialSchema),
    defaultValues: {
      name: testimonial?.name ?? '',
      location: testimonial?.location ?? '',
      content: testimonial?.content ?? '',
      rating: String(testimonial?.rating ?? 5) as TestimonialValues['rating'],
      videoTitle: testimonial?.videoTitle ?? '',
      isActive: testimonial?.isActive ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [createTestimonial] = useApolloMutation(CREATE_TESTIMONIAL);
  const [updateTestimonial] = useApolloMutation(UPDATE_TESTIMONIAL);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = {
      name: values.name.trim(),
      location: values.location.trim(),
      content: values.content.trim(),
      rating: Number(values.rating),
      videoTitle: blankToNull(values.videoTitle),
      isActive: values.isActive,
    };
    try {
      if (testimonial) {
        const { data } = await updateTestimonial({ variables: { id: testimonial.id, input } });
        resultOf(data, 'updateTestimonial');
        toastSuccess(t.updated);
      } else {
        const { data } = await createTestimonial({ variables: { input } });
        resultOf(data, 'createTestimonial');
        toastSuccess(t.created);
      }
      onDone(true);
    } catch (err) {
      reportFailure(err, t.saveFailure);
    }
  });

  return (
    <EditDialogForm
      label={testimonial ? t.formTitleEdit : t.formTitleNew}
      onSubmit={onSubmit}
      onCancel={() => onDone(false)}
      pending={isSubmitting}
      submitLabel={testimonial ? adminFr.common.save : t.create}
    >
      <FormField id={`${id}-name`} label={f.name} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id={`${id}-location`} label={<>{f.location} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.location?.message}>
        <Input autoComplete="off" placeholder={f.locationPlaceholder} {...form.register('location')} />
      </FormField>
      <FormField id={`${id}-content`} label={f.content} error={errors.content?.message} className="sm:col-span-2">
        <Textarea rows={4} {...form.register('content')} />
      </FormField>
      <FormField id={`${id}-rating`} label={f.rating} error={errors.rating?.message}>
        <NativeSelect {...form.register('rating')}>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {f.ratingOption(Number(rating))}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-video`} label={<>{f.videoTitle} <OptionalMark>{adminFr.common.optional}</OptionalMark></>} error={errors.videoTitle?.message}>
        <Input autoComplete="off" {...form.register('videoTitle')} />
      </FormField>
      <div className="flex items-center gap-3 sm:col-span-2">
        <input id={`${id}-active`} type="checkbox" className="size-4 accent-(--color-primary)" {...form.register('isActive')} />
        <Label htmlFor={`${id}-active`}>{f.isActive}</Label>
      </div>
    </EditDialogForm>
  );
}
