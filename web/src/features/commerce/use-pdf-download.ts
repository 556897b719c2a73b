import { useApolloMutation } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { dashboardText } from '@/i18n/commerce';
import { fr } from '@/i18n/fr';
import DOWNLOAD_PDF from './graphql/customer-download-pdf.mutation.graphql';

/**
 * 'Lire' and 'Télécharger' of an owned PDF: catalogue signs a short-lived URL for its owner
 * (inline: opens in the browser, not counted; attachment: the download is counted).
 */
export function usePdfDownload(): { read(pdfId: string): Promise<void>; download(pdfId: string): Promise<void>; busy: boolean } {
  const [downloadPdf, { loading }] = useApolloMutation(DOWNLOAD_PDF);

  const signedUrl = async (pdfId: string, inline: boolean): Promise<string | null> => {
    try {
      const { data } = await downloadPdf({ variables: { id: pdfId, inline } });
      const result = data?.downloadPdf;
      if (result?.url) return result.url;
      toast.error(result?.error?.title ?? dashboardText.downloadFailed, { description: result?.error?.message ?? fr.common.unexpectedError });
    } catch (err) {
      console.error('pdf download:', err);
      toast.error(dashboardText.downloadFailed, { description: fr.common.unexpectedError });
    }
    return null;
  };

  const read = async (pdfId: string) => {
    // Opened at the click, filled once the URL arrives: a tab opened after an await is a blocked popup.
    const tab = window.open('', '_blank');
    const url = await signedUrl(pdfId, true);
    if (!url) {
      tab?.close();
      return;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  };

  const download = async (pdfId: string) => {
    const url = await signedUrl(pdfId, false);
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  return { read, download, busy: loading };
}
