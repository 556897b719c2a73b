import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';

/**
 * A checkbox with its label beside it (a sentence, links allowed), a hint under it and its error,
 * wired for assistive technology like FormField: the forms' consents (sign-up, payment dialog).
 */
export function CheckboxField({ id, label, hint, error, ...input }: { id: string; label: ReactNode; hint?: ReactNode; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="pl-8 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
