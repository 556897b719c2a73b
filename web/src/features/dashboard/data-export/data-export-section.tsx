import { AlertTriangle, Download, FileArchive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/states/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import type { MyDataExportQuery } from '@/generated/graphql';
import { dataExportText } from '@/i18n/data-export';
import { fr } from '@/i18n/fr';
import { formatSiteDateTime } from '@/lib/format/date';
import MY_DATA_EXPORT from './graphql/my-data-export.query.graphql';
import REQUEST_DATA_EXPORT from './graphql/request-data-export.mutation.graphql';

const t = dataExportText.section;
/** While parts are gathered, the section asks again this often (the archive is usually ready within seconds). */
const POLL_MS = 3000;

type Export = NonNullable<NonNullable<MyDataExportQuery['me']>['dataExport']>;

function ExportState({ e }: { e: Export }) {
  if (e.status === 'READY' && e.downloadUrl) {
    return (
      <div className="flex flex-col gap-2" data-testid="data-export-ready">
        <p className="font-semibold">{t.ready}</p>
        <Button asChild className="self-start">
          <a href={e.downloadUrl} download>
            <Download aria-hidden="true" />
            {t.download}
          </a>
        </Button>
        <p className="text-sm text-muted-foreground">{t.readyText(formatSiteDateTime(e.expiresAt!))}</p>
        {e.byAdministrator ? <p className="text-sm text-muted-foreground">{t.byAdministrator}</p> : null}
      </div>
    );
  }
  if (e.status === 'FAILED') {
    return (
      <div role="alert" className="flex gap-2 text-sm" data-testid="data-export-failed">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t.failed}</p>
          <p className="text-muted-foreground">{t.failedText}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="data-export-preparing" aria-live="polite">
      <Spinner label={t.preparing} />
      <p className="text-sm font-semibold">
        {t.preparing} · {t.progress(e.partsReady, e.partsTotal)}
      </p>
      <progress className="h-2 w-full max-w-xs" max={e.partsTotal} value={e.partsReady} aria-label={t.progress(e.partsReady, e.partsTotal)} />
      <p className="text-sm text-muted-foreground">{t.preparingText}</p>
    </div>
  );
}

/**
 * « Exporter mes données » in « Mes données »: « Demander l'export », then its preparation (the parts
 * gathered so far, polled), « Télécharger » with the link's expiry once ready, or the failure. The
 * server's refusal (one export a day) shows under the button.
 */
export function DataExportSection() {
  const query = useApolloQuery(MY_DATA_EXPORT, { fetchPolicy: 'cache-and-network' });
  const [requestMutation] = useApolloMutation(REQUEST_DATA_EXPORT);
  const [requesting, setRequesting] = useState(false);
  // The export just asked for, until messaging shows it (its first part arrives within moments).
  const [asked, setAsked] = useState<{ id: string; requestedAt: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = query.data?.me?.dataExport ?? null;
  const shown: Export | null = asked && latest?.id !== asked.id ? justAsked(asked) : latest;
  const preparing = shown?.status === 'PREPARING';
  const { startPolling, stopPolling } = query;

  useEffect(() => {
    if (!preparing) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [preparing, startPolling, stopPolling]);

  const request = async () => {
    setRequesting(true);
    setRefusal(null);
    try {
      const { data } = await requestMutation();
      const result = data?.requestDataExport;
      if (!result?.request) return setRefusal(result?.error?.message ?? t.failure);
      setAsked(result.request);
      toast.success(t.requested, { description: t.requestedText });
    } catch {
      toast.error(fr.common.error, { description: t.failure });
    } finally {
      setRequesting(false);
    }
  };

  let state = null;
  if (shown) state = <ExportState e={shown} />;
  else if (!query.data && query.loading) state = <Spinner label={t.loading} />;
  else if (!query.data && query.error) state = <LoadError onRetry={() => void query.refetch()} />;

  return (
    <section aria-labelledby="data-export-title" className="flex flex-col gap-3" data-testid="data-export">
      <h3 id="data-export-title" className="flex items-center gap-2 text-lg font-semibold">
        <FileArchive className="size-5 text-muted-foreground" aria-hidden="true" />
        {t.title}
      </h3>
      <p className="text-sm text-muted-foreground">{t.intro}</p>
      {state}
      {shown?.status !== 'PREPARING' && shown?.status !== 'READY' ? (
        <Button variant="outline" className="self-start" onClick={() => void request()} disabled={requesting}>
          <Download aria-hidden="true" />
          {requesting ? t.requesting : t.request}
        </Button>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}

/** What the section shows between the request and messaging's first word about it: in preparation, nothing gathered yet. */
function justAsked(asked: { id: string; requestedAt: string }): Export {
  return { id: asked.id, requestedAt: asked.requestedAt, status: 'PREPARING', partsReady: 0, partsTotal: 5, expiresAt: null, byAdministrator: false, downloadUrl: null };
}
