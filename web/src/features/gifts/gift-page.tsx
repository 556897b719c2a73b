import { lazy, Suspense } from 'react';

/**
 * /cadeau/:token (gift-view.tsx). The route's chunk is this shell alone, its view one import further,
 * as the « Payer pour moi » page: the router's table, in every first download, lists two small files.
 */
const GiftView = lazy(() => import('./gift-view'));

export default function GiftPage() {
  return (
    <Suspense fallback={null}>
      <GiftView />
    </Suspense>
  );
}
