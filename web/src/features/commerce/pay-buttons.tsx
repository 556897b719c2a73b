import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { payButtonsText as checkoutText, paymentMethodLabels } from '@/i18n/commerce-buttons';
import { cn } from '@/lib/utils';
import { PAYER_PARAM } from './payer-param';
import { METHOD_MARKS, PAYMENT_METHODS, type PaymentMethod } from './types';

/**
 * The three payment buttons (Orange Money, MTN Mobile Money, NotchPay), each opening the payment
 * dialog with its method. `compact`: smaller, for cards and list rows. `action`: on a page the
 * server renders, the buttons are a GET form to that page with `?payer=<method>`, so a tap before
 * the JavaScript has run is not lost (the page opens the dialog from it: usePayerParam).
 */
export function PayButtons({
  onPay,
  compact = false,
  label = checkoutText.payWith,
  testIdPrefix = 'pay',
  className,
  action,
}: {
  onPay(method: PaymentMethod): void;
  action?: string;
  compact?: boolean;
  label?: string;
  testIdPrefix?: string;
  className?: string;
}) {
  const buttons = (
    <div role="group" aria-label={label} className={cn('flex flex-col gap-2', className)}>
      {compact && <p className="text-xs font-medium text-muted-foreground">{label}</p>}
      <ul className={cn('flex flex-col gap-2', compact && 'gap-1.5')}>
        {PAYMENT_METHODS.map((method) => (
          <li key={method}>
            <Button
              variant="outline"
              size={compact ? 'sm' : 'lg'}
              className="w-full justify-between"
              {...(action ? { type: 'submit' as const, name: PAYER_PARAM, value: method } : {})}
              onClick={(event) => {
                event.preventDefault();
                onPay(method);
              }}
              data-testid={`${testIdPrefix}-${method.toLowerCase()}`}
            >
              <span className="flex items-center gap-2.5">
                <span className={cn('size-3 rounded-full', METHOD_MARKS[method])} aria-hidden="true" />
                {paymentMethodLabels[method]}
              </span>
              <ArrowRight aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );

  return action ? (
    <form method="get" action={action}>
      {buttons}
    </form>
  ) : (
    buttons
  );
}
