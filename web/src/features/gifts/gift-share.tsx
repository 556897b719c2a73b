import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { giftText as t } from '@/i18n/gifts';

/** A gift's link to pass on: shown, « Copier », and WhatsApp's share. */
export function GiftShare({ url, title }: { url: string; title: string }) {
  const onCopy = () => void navigator.clipboard?.writeText(url).then(() => toast.success(t.copied));
  return (
    <div className="flex flex-col gap-2" data-testid="gift-share">
      <FormField id="gift-link" label={t.linkLabel}>
        <Input readOnly value={url} data-testid="gift-link" onFocus={(e) => e.currentTarget.select()} />
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
    </div>
  );
}
