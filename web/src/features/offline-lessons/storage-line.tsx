import { offlineLessonsText as t } from '@/i18n/offline-lessons';
import { formatDataSize } from '@/lib/format/data-size';
import { useStorageState } from './use-downloads';

/** « Espace utilisé par LBF sur cet appareil : 12 Mo sur 2 Go disponibles. » and whether it is persistent. */
export function StorageLine({ version }: { version: unknown }) {
  const storage = useStorageState(version);
  if (!storage) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="offline-storage">
      {t.storage(formatDataSize(storage.usage), formatDataSize(storage.quota))} {storage.persisted ? t.persisted : t.notPersisted}
    </p>
  );
}
