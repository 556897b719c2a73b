import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { todayField } from '../lib/form-rules';
import { OptionalLabel } from './optional-label';

type Errors = Partial<Record<'author' | 'reviewer' | 'contentUpdatedOn', { message?: string }>>;

const t = adminFr.credits;

/**
 * The author (when the form has no author of its own: lessons and guides), the reviewer and
 * « Mis à jour le » of an article, a lesson or a guide, as its public page shows them.
 */
export function CreditFields({
  id,
  author,
  reviewer,
  contentUpdatedOn,
  errors,
}: {
  id: string;
  /** `register('author')`; an article's author is a required field of its own form. */
  author?: UseFormRegisterReturn;
  reviewer: UseFormRegisterReturn;
  contentUpdatedOn: UseFormRegisterReturn;
  errors: Errors;
}) {
  return (
    <>
      {author && (
        <FormField id={`${id}-author`} label={<OptionalLabel text={t.author} />} error={errors.author?.message}>
          <Input autoComplete="off" {...author} />
        </FormField>
      )}
      <FormField id={`${id}-reviewer`} label={<OptionalLabel text={t.reviewer} />} hint={t.reviewerHint} error={errors.reviewer?.message}>
        <Input autoComplete="off" {...reviewer} />
      </FormField>
      <FormField id={`${id}-updated-on`} label={t.updatedOn} hint={t.updatedOnHint} error={errors.contentUpdatedOn?.message}>
        <Input type="date" max={todayField()} {...contentUpdatedOn} />
      </FormField>
    </>
  );
}
