import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';
import { OptionalLabel } from '../components/optional-label';

const f = adminFr.videos.fields;

/**
 * The video's duration and its free preview's length, in seconds; on the upload form the duration
 * is marked '(facultatif)' and both say what they do.
 */
export function TimingFields({
  id,
  duration,
  preview,
  errors,
  upload,
}: {
  id: string;
  /** `register('duration')`, `register('previewSeconds')`. */
  duration: UseFormRegisterReturn;
  preview: UseFormRegisterReturn;
  errors: Partial<Record<'duration' | 'previewSeconds', { message?: string }>>;
  upload?: boolean;
}) {
  return (
    <>
      <FormField id={`${id}-duration`} label={upload ? <OptionalLabel text={f.duration} /> : f.duration} hint={upload ? f.durationHint : undefined} error={errors.duration?.message}>
        <Input inputMode="numeric" autoComplete="off" {...duration} />
      </FormField>
      <FormField id={`${id}-preview`} label={f.previewSeconds} hint={upload ? f.previewSecondsHint : undefined} error={errors.previewSeconds?.message}>
        <Input inputMode="numeric" autoComplete="off" {...preview} />
      </FormField>
    </>
  );
}
