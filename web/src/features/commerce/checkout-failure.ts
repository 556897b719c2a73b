import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { toast } from '@/components/ui/toast';
import { checkoutText as t } from '@/i18n/commerce';

function isUnauthenticated(err: unknown): boolean {
  return CombinedGraphQLErrors.is(err) && err.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/** A refusal or a failure the dialog could not get an answer for, toasted in the spec's words. */
export function toastFailure(err: unknown) {
  console.error('checkout:', err);
  toast.error(t.failureTitle, { description: isUnauthenticated(err) ? t.notSignedIn : t.failureFallback });
}
