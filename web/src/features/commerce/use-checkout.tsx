import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast';
import { withApollo } from '@/data/with-apollo';
import { useAuth } from '@/auth/auth-context';
import { authPathReturningTo } from '@/auth/return-to';
import { payButtonsText as checkoutText } from '@/i18n/commerce-buttons';
import { PAYER_PARAM } from './payer-param';
import type { CheckoutItem, PaymentMethod } from './types';

// The dialog (form, phone library, live status) is its own chunk, fetched on the first click.
const CheckoutDialog = lazy(withApollo(() => import('./checkout-dialog')));

/** Splits '/pdfs#pdf-1' into the location shape authPathReturningTo takes. */
function locationOf(path: string): { pathname: string; search: string; hash: string } {
  const url = new URL(path, 'https://lbf.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * Every payment button goes through this: a signed-in customer gets the payment dialog titled with
 * the method; a visitor is told 'Connexion requise' and sent to /auth, which brings them back to
 * the item with `?payer=<method>` (usePayerParam then opens that dialog). Render `dialog` once in the page.
 */
export function useCheckout(): {
  pay(item: CheckoutItem, method: PaymentMethod): void;
  /**
   * True when signed in; otherwise 'Connexion requise' and /auth, back to `path` afterwards, with
   * `?payer=<method>` when a payment method was chosen, so the page opens its dialog at once.
   */
  ensureSignedIn(path: string, method?: PaymentMethod): boolean;
  /**
   * Runs `choice` once the session is known. Right after a page loads, the refresh cookie is still
   * being exchanged: a signed-in customer's tap then must not be answered 'Connexion requise'.
   */
  whenSessionKnown(choice: () => void): void;
  dialog: ReactNode;
} {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ item: CheckoutItem; method: PaymentMethod } | null>(null);
  // Read through a ref: a choice held while the session loads runs later, with the session as it is then.
  const session = useRef({ user, loading });
  session.current = { user, loading };
  const held = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (loading || !held.current) return;
    const choice = held.current;
    held.current = null;
    choice();
  }, [loading]);

  const whenSessionKnown = useCallback((choice: () => void) => {
    // The last tap wins: two taps while loading open one dialog.
    if (session.current.loading) held.current = choice;
    else choice();
  }, []);

  const ensureSignedIn = useCallback(
    (path: string, method?: PaymentMethod) => {
      if (session.current.user) return true;
      toast.error(checkoutText.signInRequired, { id: 'sign-in-required', description: checkoutText.signInRequiredText });
      const back = locationOf(path);
      if (method) {
        const search = new URLSearchParams(back.search);
        search.set(PAYER_PARAM, method);
        back.search = `?${search.toString()}`;
      }
      navigate(authPathReturningTo(back));
      return false;
    },
    [navigate],
  );

  const pay = useCallback(
    (item: CheckoutItem, method: PaymentMethod) => {
      whenSessionKnown(() => {
        if (ensureSignedIn(item.path, method)) setOpen({ item, method });
      });
    },
    [ensureSignedIn, whenSessionKnown],
  );

  const dialog = open ? (
    <Suspense fallback={null}>
      <CheckoutDialog key={`${open.item.type}:${open.item.id}:${open.method}`} item={open.item} method={open.method} onClose={() => setOpen(null)} />
    </Suspense>
  ) : null;

  return { pay, ensureSignedIn, whenSessionKnown, dialog };
}
