import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { adminFr, CONTENT_CATEGORIES } from '@/i18n/admin';

/** The content category (spec §4), its French labels as options; spread `register('category')`. */
export function CategorySelect(props: ComponentProps<'select'>) {
  return (
    <NativeSelect {...props}>
      {CONTENT_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {adminFr.categories[category]}
        </option>
      ))}
    </NativeSelect>
  );
}
