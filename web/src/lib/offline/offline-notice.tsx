import { WifiOff } from 'lucide-react';
import { offlineText } from '@/i18n/offline';
import { useOffline } from './use-offline';

/** The 'Hors ligne' strip under the header: shown while offline or reading a kept copy. */
export function OfflineNotice() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div role="status" data-testid="offline-notice" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="container-page flex items-start gap-2 py-2 text-sm">
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold whitespace-nowrap">{offlineText.title}</strong> · {offlineText.explanation}
        </span>
      </p>
    </div>
  );
}
