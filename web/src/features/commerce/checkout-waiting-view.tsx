import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { Clock, ExternalLink, RefreshCw, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { checkoutText as t } from '@/i18n/commerce';
import { cn } from '@/lib/utils';
import type { CheckoutAttempt, CheckoutOrder } from './operations';
import { formatCountdown, useSecondsLeft } from './use-live-order';
import { useOrderActions } from './use-order-actions';

/** +237677123456 -> +237 6 77 12 34 56 */
function displayPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * While the order waits for the phone (or NotchPay's page): the operator's hint, a countdown to the
 * provider's window, the live status, and 'Vérifier', 'Renvoyer' (Orange) and 'Annuler'.
 */
export function WaitingView({ order, refresh, onCanceled }: { order: CheckoutOrder; refresh(): Promise<void>; onCanceled(): void }) {
  const attempt = order.attempt;
  const method = attempt?.method ?? order.method ?? 'MTN';
  const secondsLeft = useSecondsLeft(attempt?.expiresAt);
  const actions = useOrderActions(order.id, refresh, onCanceled);
  const notchpay = method === 'NOTCHPAY';
  return (
    <div className="flex flex-col gap-4" data-testid="checkout-waiting" data-order-id={order.id}>
      <WaitingPrompt attempt={attempt} notchpay={notchpay} />
      {notchpay && attempt?.authorizationUrl && (
        <Button asChild size="lg">
          <a href={attempt.authorizationUrl} target="_blank" rel="noopener noreferrer" data-testid="notchpay-link">
            <ExternalLink aria-hidden="true" />
            {t.openNotchpay}
          </a>
        </Button>
      )}
      <div className="flex items-center justify-center gap-3 text-sm" aria-live="polite">
        <Spinner label={t.waitingStatus} />
        <span className="text-muted-foreground">{t.waitingStatus}</span>
      </div>
      {secondsLeft !== null && (
        <p className={cn('flex items-center justify-center gap-1.5 text-sm tabular-nums', secondsLeft === 0 && 'text-destructive')} data-testid="checkout-countdown">
          <Clock className="size-4" aria-hidden="true" />
          {secondsLeft > 0 ? `${t.timeLeft} : ${formatCountdown(secondsLeft)}` : t.windowOver}
        </p>
      )}
      {actions.note && (
        <p role="status" className="text-center text-sm text-muted-foreground">
          {actions.note}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="default" onClick={() => void actions.check.run()} disabled={actions.check.loading} data-testid="checkout-check" className={cn(method !== 'ORANGE' && 'sm:col-span-2')}>
          <RefreshCw className={cn(actions.check.loading && 'animate-spin')} aria-hidden="true" />
          {actions.check.loading ? t.checking : t.check}
        </Button>
        {method === 'ORANGE' && (
          <Button variant="outline" onClick={() => void actions.resend.run()} disabled={actions.resend.loading} data-testid="checkout-resend">
            {t.resend}
          </Button>
        )}
      </div>
      <Button variant="ghost" size="sm" onClick={() => void actions.cancel.run()} disabled={actions.cancel.loading} className="text-muted-foreground">
        {t.cancel}
      </Button>
    </div>
  );
}

/** What to do on the phone: the icon and title, the number prompted, the operator's hint. */
function WaitingPrompt({ attempt, notchpay }: { attempt: CheckoutAttempt | null | undefined; notchpay: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-primary">
        {notchpay ? <ExternalLink className="size-6" aria-hidden="true" /> : <Smartphone className="size-6" aria-hidden="true" />}
      </span>
      <h3 className="text-base font-semibold">{notchpay ? t.notchpayWaitingTitle : t.waitingTitle}</h3>
      {attempt?.phone && <p className="text-sm text-muted-foreground">{t.sentTo(displayPhone(attempt.phone))}</p>}
      {attempt?.hint && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium" data-testid="checkout-hint">
          {attempt.hint}
        </p>
      )}
      {notchpay && !attempt?.hint && <p className="text-sm text-muted-foreground">{t.notchpayWaitingText}</p>}
    </div>
  );
}
