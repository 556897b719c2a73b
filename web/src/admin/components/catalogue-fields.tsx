import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CategorySelect } from './controls';
import { OptionalLabel } from './optional-label';

/** A catalogue item's texts, category and price as the server takes them (create or update): trimmed. */
export function catalogueBasics<C>(values: { title: string; description: string; category: C; price: string }) {
  return { title: values.title.trim(), description: values.description.trim(), category: values.category, price: values.price.trim() };
}

type Errors<K extends string> = Partial<Record<K, { message?: string }>>;

/**
 * A catalogue item's title and description (videos, PDFs), each across the form (`span`, e.g.
 * `md:col-span-2`); the description marked '(facultatif)' on an upload form.
 */
export function TitleDescriptionFields({
  id,
  labels,
  title,
  description,
  errors,
  span,
  optionalDescription,
}: {
  id: string;
  labels: { title: string; description: string };
  /** `register('title')`, `register('description')`. */
  title: UseFormRegisterReturn;
  description: UseFormRegisterReturn;
  errors: Errors<'title' | 'description'>;
  span: string;
  optionalDescription?: boolean;
}) {
  return (
    <>
      <FormField id={`${id}-title`} label={labels.title} error={errors.title?.message} className={span}>
        <Input autoComplete="off" {...title} />
      </FormField>
      <FormField
        id={`${id}-description`}
        label={optionalDescription ? <OptionalLabel text={labels.description} /> : labels.description}
        error={errors.description?.message}
        className={span}
      >
        <Textarea rows={4} {...description} />
      </FormField>
    </>
  );
}

/** A catalogue item's category (spec §4) and price in USD. */
export function CategoryPriceFields({
  id,
  labels,
  category,
  price,
  errors,
}: {
  id: string;
  labels: { category: string; price: string };
  /** `register('category')`, `register('price')`. */
  category: UseFormRegisterReturn;
  price: UseFormRegisterReturn;
  errors: Errors<'category' | 'price'>;
}) {
  return (
    <>
      <FormField id={`${id}-category`} label={labels.category} error={errors.category?.message}>
        <CategorySelect {...category} />
      </FormField>
      <FormField id={`${id}-price`} label={labels.price} error={errors.price?.message}>
        <Input inputMode="decimal" autoComplete="off" {...price} />
      </FormField>
    </>
  );
}
