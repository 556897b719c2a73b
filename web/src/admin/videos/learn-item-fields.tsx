import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { adminFr } from '@/i18n/admin';

/**
 * 'Ce que vous allez apprendre': one field per point, in a fieldset under its legend (the upload
 * form's framed, the edit dialog's plain: the classes say how).
 */
export function LearnItemFields({
  id,
  count,
  register,
  errors,
  className,
  legendClassName,
  gridClassName,
}: {
  id: string;
  count: number;
  /** The registration of point `index` (its `learnItems.<index>`). */
  register(index: number): UseFormRegisterReturn;
  errors: { [index: number]: { message?: string } | undefined } | undefined;
  className: string;
  legendClassName: string;
  gridClassName: string;
}) {
  const f = adminFr.videos.fields;
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{f.learnItems}</legend>
      <div className={gridClassName}>
        {Array.from({ length: count }, (_, index) => (
          <FormField key={index} id={`${id}-learn-${index}`} label={f.learnItem(index + 1)} error={errors?.[index]?.message}>
            <Input autoComplete="off" {...register(index)} />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
