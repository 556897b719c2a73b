import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAuth } from '@/auth/auth-context';
import { authPathReturningTo } from '@/auth/return-to';
import { checkoutText } from '@/i18n/commerce';
import type { CheckoutItem, PaymentMethod } from './types';

// The dialog (form, phone library, live status) is its own chunk, fetched on the first click.
const CheckoutDialog = lazy(() => import('./checkout-dialog'));

/** Splits '/pdfs#pdf-1' into the location shape authPathReturningTo takes. */
function locationOf(path: string): { pathname: string; search: string; hash: string } {
  const url = new URL(path, 'https://lbf.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/**
 * Every payment button goes through this: a signed-in customer gets the payment dialog titled with
 * the method; a visitor is told 'Connexion requise' and sent to /auth, which brings them back to
 * the item. Render `dialog` once in the page.
 */
export function useCheckout(): {
  pay(item: CheckoutItem, method: PaymentMethod): void;
  /** True when signed in; otherwise 'Connexion requise' and /auth, back to `path` afterwards. */
  ensureSignedIn(path: string): boolean;
  dialog: ReactNode;
} {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ item: CheckoutItem; method: PaymentMethod } | null>(null);

  const ensureSignedIn = useCallback(
    (path: string) => {
      if (user) return true;
      toast.error(checkoutText.signInRequired, { id: 'sign-in-required', description: checkoutText.signInRequiredText });
      navigate(authPathReturningTo(locationOf(path)));
      return false;
    },
    [user, navigate],
  );

  const pay = useCallback(
    (item: CheckoutItem, method: PaymentMethod) => {
      if (ensureSignedIn(item.path)) setOpen({ item, method });
    },
    [ensureSignedIn],
  );

  const dialog = open ? (
    <Suspense fallback={null}>
      <CheckoutDialog key={`${open.item.type}:${open.item.id}:${open.method}`} item={open.item} method={open.method} onClose={() => setOpen(null)} />
    </Suspense>
  ) : null;

  return { pay, ensureSignedIn, dialog };
}
