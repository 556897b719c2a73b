import { X } from 'lucide-react';
import { useEffect, useMemo, useRef, type ComponentProps, type ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { cn } from '@/lib/utils';
import { adminFr } from '@/i18n/admin';
import { formatBytes } from '../lib/format-bytes';

/**
 * A file input holding its File in the form's state. The native input stays in the page (its
 * label, focus, keyboard and the phone's picker), visually replaced by a French button and the
 * chosen file's name and size, a preview for images and a button to remove it.
 */
export function FileInput({
  value,
  onChange,
  accept,
  disabled,
  preview,
  className,
  ...aria
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: File | null;
  onChange(file: File | null): void;
  preview?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);

  // A form reset empties the value: empty the native control too.
  useEffect(() => {
    if (!value && input.current) input.current.value = '';
  }, [value]);

  const previewUrl = useMemo(
    () => (preview && value && value.type.startsWith('image/') ? URL.createObjectURL(value) : null),
    [preview, value],
  );
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div
        className={cn(
          'flex h-10 min-w-0 items-center overflow-hidden rounded-md border border-input bg-card text-sm has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-ring has-[input[aria-invalid=true]]:border-destructive',
          disabled && 'opacity-50',
        )}
      >
        <input
          ref={input}
          type="file"
          accept={accept}
          disabled={disabled}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className="sr-only"
          {...aria}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="h-full shrink-0 cursor-pointer border-r border-input bg-secondary px-3 font-medium text-secondary-foreground hover:bg-secondary/80 disabled:cursor-not-allowed"
        >
          <span className="sm:hidden">{adminFr.common.chooseFileShort}</span>
          <span className="hidden sm:inline">{adminFr.common.chooseFile}</span>
        </button>
        <span className={cn('min-w-0 flex-1 truncate px-3', value ? 'text-foreground' : 'text-muted-foreground')} aria-hidden="true">
          {value ? value.name : adminFr.common.noFileChosen}
        </span>
        {value && (
          <span className="hidden shrink-0 pr-1 text-xs text-muted-foreground tabular-nums sm:inline" aria-hidden="true">
            {formatBytes(value.size)}
          </span>
        )}
        {value && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            disabled={disabled}
            onClick={() => onChange(null)}
            aria-label={`${adminFr.common.removeFile} ${value.name}`}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {previewUrl && <img src={previewUrl} alt="" className="h-16 w-auto max-w-32 self-start rounded-md border object-cover" />}
    </div>
  );
}

type FileInputProps = Omit<ComponentProps<typeof FileInput>, 'value' | 'onChange'>;

/**
 * FileInput bound to a react-hook-form field holding `File | null`. The id and aria attributes
 * FormField adds reach the native input; `onPicked` runs after a file is chosen (to check it at once).
 */
export function ControlledFileInput<T extends FieldValues>({
  control,
  name,
  onPicked,
  ...props
}: FileInputProps & { control: Control<T>; name: FieldPathByValue<T, File | null>; onPicked?(): void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FileInput
          {...props}
          name={field.name}
          value={field.value as File | null}
          onChange={(file) => {
            field.onChange(file);
            if (file) onPicked?.();
          }}
        />
      )}
    />
  );
}

/**
 * A form's file field: its label, hint and error (FormField) around a ControlledFileInput whose
 * type is checked as soon as a file is chosen, not only on submit.
 */
export function FileFormField<T extends FieldValues>({
  id,
  label,
  hint,
  error,
  form,
  name,
  ...props
}: Omit<FileInputProps, 'form'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  form: Pick<UseFormReturn<T>, 'control' | 'trigger'>;
  name: FieldPathByValue<T, File | null>;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <ControlledFileInput {...props} control={form.control} name={name} onPicked={() => void form.trigger(name)} />
    </FormField>
  );
}
