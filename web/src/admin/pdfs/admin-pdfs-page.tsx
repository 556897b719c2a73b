import { FileText } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { formatDate } from '@/lib/format/date';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import { formatBytes, formatMegabytes } from '../lib/format-bytes';
import { type Column } from '../components/data-list';
import { CatalogueItemsScreen, useCatalogueItems } from '../components/catalogue-items-screen';
import { thumbTitleColumn } from '../components/thumb-title';
import { PAGE_SIZE, type AdminPdf } from './operations';
import { PdfEditDialog } from './pdf-edit-dialog';
import { PdfRowActions } from './pdf-row-actions';
import { PdfUploadForm } from './pdf-upload-form';
import ADMIN_PDFS_PAGE from './graphql/admin-pdfs-page.query.graphql';
import DELETE_PDF from './graphql/delete-pdf.mutation.graphql';
import EXPORT_PDFS_CSV from './graphql/export-pdfs-csv.query.graphql';

const t = adminFr.pdfs;

const columns: ReadonlyArray<Column<AdminPdf>> = [
  thumbTitleColumn<AdminPdf>(t.columns.title, { icon: <FileText className="size-5" aria-hidden="true" />, sizeClass: 'size-10' }, (pdf) => ({
    imageUrl: pdf.illustrationUrl,
    title: pdf.title,
    detail: (
      <>
        {pdf.categoryLabel}
        {pdf.pageCount ? ` · ${t.pages(pdf.pageCount)}` : ''}
      </>
    ),
  })),
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
  const [editing, setEditing] = useState<AdminPdf | null>(null);
  const items = useCatalogueItems({
    query: ADMIN_PDFS_PAGE,
    pageSize: PAGE_SIZE,
    pick: (data) => data.pdfs,
    what: 'AdminPdfsPage',
    texts: t,
    exportQuery: EXPORT_PDFS_CSV,
    exportField: 'exportPdfsCsv',
    deleteMutation: DELETE_PDF,
    deleteField: 'deletePdf',
  });
  const { view, adding } = items;

  return (
    <CatalogueItemsScreen
      title={fr.admin.nav.pdfs}
      texts={t}
      icon={<FileText />}
      searchId="pdfs-search"
      items={items}
      uploadForm={<PdfUploadForm limits={view.data?.uploadLimits} onUploaded={adding.added} />}
      columns={columns}
      // The server counted a download: the list shows the new count.
      actions={(pdf) => <PdfRowActions pdf={pdf} onEdit={setEditing} onDelete={items.askDelete} onDownloaded={() => void view.refetch()} />}
    >
      <PdfEditDialog pdf={editing} onClose={() => setEditing(null)} />
    </CatalogueItemsScreen>
  );
}
