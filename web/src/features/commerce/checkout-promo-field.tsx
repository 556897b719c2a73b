import { BadgePercent } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { checkoutText as t } from '@/i18n/commerce';
import { formatUsdCents, formatXaf } from './currency';
import type { PromoCodeState } from './use-promo-code';

/** « Code promo » with « Appliquer »; once accepted, the discount and the new total in FCFA and USD, as commerce computed them. */
export function PromoCodeField({ promo, disabled }: { promo: PromoCodeState; disabled: boolean }) {
  const { applied } = promo;
  return (
    <div className="flex flex-col gap-2" data-testid="checkout-promo">
      <Label htmlFor="checkout-promo-code">{t.promoLabel}</Label>
      <div className="flex gap-2">
        <Input
          id="checkout-promo-code"
          data-testid="checkout-promo-code"
          value={promo.typed}
          placeholder={t.promoPlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          disabled={disabled || Boolean(applied)}
          aria-invalid={promo.error ? true : undefined}
          aria-describedby={promo.error ? 'checkout-promo-error' : undefined}
          onChange={(e) => promo.type(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void promo.apply();
          }}
        />
        {applied ? (
          <Button type="button" variant="outline" onClick={promo.remove} disabled={disabled} data-testid="checkout-promo-remove">
            {t.promoRemove}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={() => void promo.apply()} disabled={disabled || promo.checking} data-testid="checkout-promo-apply">
            {promo.checking ? t.promoApplying : t.promoApply}
          </Button>
        )}
      </div>
      <FieldError id="checkout-promo-error" message={promo.error ?? undefined} />
      {applied && (
        <div className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status" data-testid="checkout-promo-applied">
          <p className="flex items-center gap-2 font-medium">
            <BadgePercent className="size-4 shrink-0" aria-hidden="true" />
            {t.promoApplied(applied.code)}
          </p>
          <p data-testid="checkout-discount">{t.promoDiscount(formatXaf(applied.discount.xaf), formatUsdCents(applied.discount.usdCents))}</p>
          <p className="font-semibold" data-testid="checkout-total">
            {t.promoTotal(formatXaf(applied.total.xaf), formatUsdCents(applied.total.usdCents))}
          </p>
        </div>
      )}
    </div>
  );
}
