import { lazy, Suspense } from 'react';

/**
 * /payer-pour-moi/:token (pay-link-view.tsx). The route's chunk is this shell alone, its view one
 * import further: the router's table, in every first download (the home's is at its budget), then
 * lists two files for it rather than everything the view needs.
 */
const PayLinkView = lazy(() => import('./pay-link-view'));

export default function PayLinkPage() {
  return (
    <Suspense fallback={null}>
      <PayLinkView />
    </Suspense>
  );
}
