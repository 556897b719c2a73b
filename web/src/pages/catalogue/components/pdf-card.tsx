import { gql } from '@apollo/client';
import { Download, FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { PdfCard_PdfFragment } from '@/generated/graphql';
import { catalogueText, pdfsText } from '@/i18n/catalogue';
import { fr } from '@/i18n/fr';
import { formatCount } from '@/lib/format/number';
import { formatCents, formatRating, typeset } from '../format';
import { CatalogueCardSkeleton, SkeletonLines } from './card-skeleton';
import { MediaImage } from './media-image';
import { ShareButtons } from './share-buttons';
import { StarRating } from './star-rating';

export const PDF_CARD_FRAGMENT = gql`
  fragment PdfCard_pdf on Pdf {
    id
    title
    description
    category
    categoryLabel
    priceCents
    pageCount
    illustrationUrl
    rating
    downloadCount
  }
`;

export type PdfCardPdf = PdfCard_PdfFragment;

/** The card's id, which the share link's fragment (#pdf-{id}) points at. */
export function pdfAnchor(id: string): string {
  return `pdf-${id}`;
}

export function PdfCard({ pdf }: { pdf: PdfCardPdf }) {
  const anchor = pdfAnchor(pdf.id);
  const soonId = `${anchor}-soon`;
  return (
    <Card id={anchor} className="flex w-full scroll-mt-20 flex-col overflow-hidden target:ring-2 target:ring-primary" data-testid="pdf-card">
      <div className="relative">
        <MediaImage src={pdf.illustrationUrl} width={800} height={450} fallback={<FileText className="size-10" />} />
        <Badge variant="accent" className="absolute top-2 left-2 bg-card/95">
          {pdf.categoryLabel}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold">{typeset(pdf.title)}</h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{typeset(pdf.description)}</p>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {pdf.pageCount !== null && (
            <li className="flex items-center gap-1">
              <FileText className="size-3.5" aria-hidden="true" />
              {pdfsText.pages(pdf.pageCount)}
            </li>
          )}
          {pdf.rating !== null && (
            <li className="flex items-center gap-1.5">
              <StarRating value={pdf.rating} label={pdfsText.rating(formatRating(pdf.rating))} className="[&_svg]:size-3.5" />
              <span aria-hidden="true" className="font-medium text-foreground">
                {formatRating(pdf.rating)}
              </span>
            </li>
          )}
          <li className="flex items-center gap-1">
            <Download className="size-3.5" aria-hidden="true" />
            {pdfsText.downloads(formatCount(pdf.downloadCount), pdf.downloadCount)}
          </li>
        </ul>
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          <div>
            <p className="text-xl font-bold text-primary tabular-nums">{formatCents(pdf.priceCents)}</p>
            <p className="text-xs text-muted-foreground">{catalogueText.lifetimeAccess}</p>
          </div>
          <ShareButtons path={`/pdfs#${anchor}`} title={pdf.title} />
        </div>
        {/* Paid downloads arrive with commerce (purchase from the dashboard); until then the button says so. */}
        <Button className="mt-2 w-full" disabled aria-describedby={soonId}>
          <Download aria-hidden="true" />
          {pdfsText.download}
        </Button>
        <p id={soonId} className="text-center text-xs text-muted-foreground">
          {fr.common.comingSoon}
        </p>
      </div>
    </Card>
  );
}

export function PdfCardSkeleton() {
  return (
    <CatalogueCardSkeleton
      titleEnd="w-1/2"
      details={<SkeletonLines box="h-4" bar="h-3" widths={['w-2/3', 'w-1/3']} />}
      footer={
        <>
          <Skeleton className="mt-2 h-10 w-full" />
          <div className="flex h-4 items-center justify-center">
            <Skeleton className="h-3 w-24" />
          </div>
        </>
      }
    />
  );
}
