import { OptionalMark } from '@/components/ui/form-field';
import { adminFr } from '@/i18n/admin';

/** A field's label followed by '(facultatif)', in the muted weight of the kit's OptionalMark. */
export function OptionalLabel({ text }: { text: string }) {
  return (
    <>
      {text} <OptionalMark>{adminFr.common.optional}</OptionalMark>
    </>
  );
}
