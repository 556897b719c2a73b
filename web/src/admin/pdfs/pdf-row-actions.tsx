import { useApolloMutation } from '@/data/hooks';
import { FileDown } from 'lucide-react';
import { adminFr } from '@/i18n/admin';
import { toastFailure } from '../lib/errors';
import { downloadUrl } from '../lib/files';
import { IconAction } from '../components/icon-action';
import { EditDeleteActions } from '../components/list-screen';
import { type AdminPdf } from './operations';
import DOWNLOAD_PDF from './graphql/download-pdf.mutation.graphql';

const t = adminFr.pdfs;

/** 'Télécharger': the server's signed URL (it counts the download, hence `onDownloaded`), else 'URL du PDF non disponible.'. */
function useDownloadPdf(onDownloaded: () => void) {
  const [downloadPdf] = useApolloMutation(DOWNLOAD_PDF);
  return async (pdf: AdminPdf) => {
    try {
      const { data: result } = await downloadPdf({ variables: { id: pdf.id } });
      const url = result?.downloadPdf.url;
      if (!url) throw new Error(result?.downloadPdf.error?.message ?? 'no download URL');
      downloadUrl(url);
      onDownloaded();
    } catch (err) {
      console.error(t.noUrl, err);
      toastFailure(t.noUrl);
    }
  };
}

/** A PDF row's actions: download, edit, delete. */
export function PdfRowActions({
  pdf,
  onEdit,
  onDelete,
  onDownloaded,
}: {
  pdf: AdminPdf;
  onEdit(pdf: AdminPdf): void;
  onDelete(pdf: AdminPdf): void;
  onDownloaded(): void;
}) {
  const download = useDownloadPdf(onDownloaded);
  return (
    <>
      <IconAction label={t.download(pdf.title)} tooltip={t.downloadShort} onClick={() => void download(pdf)}>
        <FileDown aria-hidden="true" />
      </IconAction>
      <EditDeleteActions texts={t} name={pdf.title} onEdit={() => onEdit(pdf)} onDelete={() => onDelete(pdf)} />
    </>
  );
}
