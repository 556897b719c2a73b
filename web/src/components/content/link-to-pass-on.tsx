import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';

/** The words around a link to pass on (a gift, a pay link). */
export interface LinkToPassOnText {
  linkLabel: string;
  copy: string;
  copied: string;
  shareWhatsApp: string;
  shareMessage(title: string, url: string): string;
}

/** A link someone else opens (a gift, « Payer pour moi »): shown selected on focus, « Copier », and WhatsApp's share. `id` is the field's id and test id. */
export function LinkToPassOn({ id, url, title, text: t }: { id: string; url: string; title: string; text: LinkToPassOnText }) {
  const onCopy = () => void navigator.clipboard?.writeText(url).then(() => toast.success(t.copied));
  return (
    <>
      <FormField id={id} label={t.linkLabel}>
        <Input readOnly value={url} data-testid={id} onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onCopy}>
          {t.copy}
        </Button>
        <Button asChild variant="outline">
          <a href={`https://wa.me/?text=${encodeURIComponent(t.shareMessage(title, url))}`} target="_blank" rel="noreferrer">
            {t.shareWhatsApp}
          </a>
        </Button>
      </div>
    </>
  );
}
