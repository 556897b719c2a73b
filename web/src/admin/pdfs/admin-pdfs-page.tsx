import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { FileDown, FileText } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatDate } from '@/lib/format/date';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { toastFailure, toastSuccess } from '../lib/errors';
import { downloadUrl } from '../lib/files';
import { formatBytes, formatMegabytes } from '../lib/format-bytes';
import { useClampPage } from '../lib/use-clamp-page';
import { useCsvExport } from '../lib/use-csv-export';
import { useLogError } from '../lib/use-log-error';
import { usePageFor, useUrlSearch } from '../lib/use-url-state';
import { type Column } from '../components/data-list';
import { IconAction } from '../components/icon-action';
import { AddButton, EditDeleteActions, ExportButton, FormScreen, ListBody } from '../components/list-screen';
import { ListSearch } from '../components/list-search';
import { PageHeader } from '../components/page-header';
import { useDeleteRow } from '../components/use-delete-row';
import { ADMIN_PDFS_PAGE, DELETE_PDF, DOWNLOAD_PDF, EXPORT_PDFS_CSV, PAGE_SIZE, type AdminPdf } from './operations';
import { PdfEditDialog } from './pdf-edit-dialog';
import { PdfUploadForm } from './pdf-upload-form';

const t = adminFr.pdfs;

const columns: ReadonlyArray<Column<AdminPdf>> = [
  {
    header: t.columns.title,
    cell: (pdf) => (
      <span className="flex min-w-0 items-center gap-3">
        {pdf.illustrationUrl ? (
          <img src={pdf.illustrationUrl} alt="" loading="lazy" className="size-10 shrink-0 rounded border object-cover" />
        ) : (
          <span className="grid size-10 shrink-0 place-items-center rounded border bg-muted text-muted-foreground">
            <FileText className="size-5" aria-hidden="true" />
          </span>
        )}
        <span className="min-w-0">
          <span className="line-clamp-2 break-words">{pdf.title}</span>
          <span className="block text-xs font-normal text-muted-foreground">
            {pdf.categoryLabel}
            {pdf.pageCount ? ` · ${t.pages(pdf.pageCount)}` : ''}
          </span>
        </span>
      </span>
    ),
  },
  {
    header: t.columns.size,
    // Spec §9: MB with 2 decimals; the exact size on hover, for the small files that show 0,00 MB.
    cell: (pdf) => <span title={formatBytes(pdf.fileSize)}>{formatMegabytes(pdf.fileSize)}</span>,
    numeric: true,
  },
  { header: t.columns.downloads, cell: (pdf) => formatCount(pdf.downloadCount), numeric: true },
  { header: t.columns.createdAt, cell: (pdf) => formatDate(pdf.createdAt) },
];

/** /admin/pdfs (spec §2 Admin PDFs): same pattern as the videos, the search kept in the URL (?search=…). */
export default function AdminPdfsPage() {
  usePage(fr.admin.nav.pdfs);
  const [mode, setMode] = useState<'list' | 'upload'>('list');
  const { search, input, setInput } = useUrlSearch();
  const [page, setPage] = usePageFor(search);
  const [editing, setEditing] = useState<AdminPdf | null>(null);
  const { data, previousData, loading, error, refetch } = useApolloQuery(ADMIN_PDFS_PAGE, {
    variables: { search: search || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  useLogError(error, 'AdminPdfsPage');
  const [downloadPdf] = useApolloMutation(DOWNLOAD_PDF);
  const { exportCsv, exporting } = useCsvExport(EXPORT_PDFS_CSV, 'exportPdfsCsv', t.exportFile);
  const { askDelete, dialog: deleteDialog } = useDeleteRow<AdminPdf, 'deletePdf'>({
    mutation: DELETE_PDF,
    field: 'deletePdf',
    confirm: t.confirmDelete,
    failure: t.deleteFailure,
    onDeleted: (pdf) => toastSuccess(t.deleted, t.deletedText(pdf.title)),
    reload: () => refetch(),
  });

  // While a new search is answered, the previous rows stay on screen (no skeleton at each key).
  const pdfs = (data ?? previousData)?.pdfs;
  useClampPage(pdfs?.totalPages, page, setPage);

  const download = async (pdf: AdminPdf) => {
    try {
      const { data: result } = await downloadPdf({ variables: { id: pdf.id } });
      const url = result?.downloadPdf.url;
      if (!url) throw new Error(result?.downloadPdf.error?.message ?? 'no download URL');
      downloadUrl(url);
      // The server counted the download: show the new count.
      void refetch();
    } catch (err) {
      console.error(t.noUrl, err);
      toastFailure(t.noUrl);
    }
  };

  if (mode === 'upload') {
    return (
      <FormScreen key="form" title={t.formTitle} onBack={() => setMode('list')}>
        <PdfUploadForm
          limits={data?.uploadLimits}
          onUploaded={() => {
            setMode('list');
            setPage(1);
            void refetch({ search: search || null, page: 1, pageSize: PAGE_SIZE });
          }}
        />
      </FormScreen>
    );
  }

  return (
    <div key="list">
      <PageHeader
        title={fr.admin.nav.pdfs}
        subtitle={pdfs ? t.count(pdfs.total) : '\u00a0'}
        actions={
          <>
            <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
            <AddButton label={t.add} onClick={() => setMode('upload')} />
          </>
        }
      />

      <ListSearch id="pdfs-search" label={t.search} placeholder={t.searchPlaceholder} value={input} onChange={setInput} />

      <ListBody
        rows={pdfs?.items}
        loading={loading}
        empty={{ icon: <FileText />, text: t.empty, addLabel: t.add, onAdd: () => setMode('upload') }}
        label={fr.admin.nav.pdfs}
        columns={columns}
        actionsHeader={t.columns.actions}
        actions={(pdf) => (
          <>
            <IconAction label={t.download(pdf.title)} tooltip={t.downloadShort} onClick={() => void download(pdf)}>
              <FileDown aria-hidden="true" />
            </IconAction>
            <EditDeleteActions
              editLabel={t.editAction(pdf.title)}
              deleteLabel={t.deleteAction(pdf.title)}
              onEdit={() => setEditing(pdf)}
              onDelete={() => askDelete(pdf)}
            />
          </>
        )}
        paging={pdfs && { page: pdfs.page, totalPages: pdfs.totalPages, onPage: setPage }}
        search={search ? { text: search, onClear: () => setInput('') } : undefined}
      />

      <PdfEditDialog pdf={editing} onClose={() => setEditing(null)} />
      {deleteDialog}
    </div>
  );
}
