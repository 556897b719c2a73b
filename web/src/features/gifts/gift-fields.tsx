import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { giftText as t } from '@/i18n/gifts';
import { GIFT_MESSAGE_MAX, type GiftDraft } from './gift-draft';

/** « Offrir ce contenu » in the payment dialog: by e-mail or phone, whom, and a short message (300 characters at most). */
export function GiftFields({ value, onChange, error }: { value: GiftDraft; onChange(next: GiftDraft): void; error: string | null }) {
  return (
    <section className="flex flex-col gap-3 rounded-md border p-3" aria-label={t.offer} data-testid="gift-fields">
      <p className="text-xs text-muted-foreground">{t.offerHint}</p>
      <FormField id="gift-kind" label={t.recipientKind}>
        <NativeSelect value={value.kind} onChange={(e) => onChange({ ...value, kind: e.currentTarget.value as GiftDraft['kind'], recipient: '' })} data-testid="gift-kind">
          <option value="email">{t.byEmail}</option>
          <option value="phone">{t.byPhone}</option>
        </NativeSelect>
      </FormField>
      <FormField id="gift-recipient" label={value.kind === 'email' ? t.recipientEmail : t.recipientPhone} error={error ?? undefined}>
        <Input
          type={value.kind === 'email' ? 'email' : 'tel'}
          autoComplete="off"
          value={value.recipient}
          onChange={(e) => onChange({ ...value, recipient: e.currentTarget.value })}
          data-testid="gift-recipient"
        />
      </FormField>
      <FormField id="gift-message" label={t.message} hint={t.messageHint(GIFT_MESSAGE_MAX - value.message.length)}>
        <Textarea rows={3} maxLength={GIFT_MESSAGE_MAX} value={value.message} onChange={(e) => onChange({ ...value, message: e.currentTarget.value })} data-testid="gift-message-input" />
      </FormField>
    </section>
  );
}
