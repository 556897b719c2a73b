import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';

const looks = {
  framed: { fieldset: 'flex flex-col gap-3 rounded-lg border p-4 md:col-span-2', legend: 'px-1 text-sm font-semibold', grid: 'grid gap-3 md:grid-cols-2' },
  plain: { fieldset: 'sm:col-span-2', legend: 'mb-2 text-sm font-semibold', grid: 'grid gap-3 sm:grid-cols-2' },
};

/**
 * 'Ce que vous allez apprendre': one field per point, in a fieldset under its legend: framed on the
 * upload form, plain in the edit dialog.
 */
export function LearnItemFields({
  id,
  count,
  register,
  errors,
  look,
}: {
  id: string;
  count: number;
  /** The registration of point `index` (its `learnItems.<index>`). */
  register(index: number): UseFormRegisterReturn;
  errors: { [index: number]: { message?: string } | undefined } | undefined;
  look: keyof typeof looks;
}) {
  const f = adminFr.videos.fields;
  const classes = looks[look];
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{f.learnItems}</legend>
      <div className={classes.grid}>
        {Array.from({ length: count }, (_, index) => (
          <FormField key={index} id={`${id}-learn-${index}`} label={f.learnItem(index + 1)} error={errors?.[index]?.message}>
            <Input autoComplete="off" {...register(index)} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
