import { BookOpen, Clock, Download, FileText, Film, PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { itemPath } from '@/features/commerce/types';
import type { usePdfDownload } from '@/features/commerce/use-pdf-download';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { dashboardText as t } from '@/i18n/commerce';
import { formatDuration } from '@/lib/format/duration';
import { GRID_CARD_SIZES, MediaImage } from '../../components/content/media-image';
import { typeset } from '../../lib/format/catalogue';
import type { DashboardPdf, DashboardVideo } from './operations';

interface CardProps {
  priceText: string | null;
  testId: string;
  /** Under the price: the payment buttons, 'Regarder', or 'Lire' and 'Télécharger'. */
  children: ReactNode;
}

function ItemCard({ image, title, meta, priceText, testId, itemId, children }: CardProps & { image: ReactNode; title: string; meta: ReactNode; itemId: string }) {
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid={testId} data-item-id={itemId}>
      {image}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-semibold" data-testid="item-title">
          {typeset(title)}
        </h3>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">{meta}</div>
        {priceText && (
          <p className="text-lg font-bold text-primary tabular-nums" data-testid="item-price">
            {priceText}
          </p>
        )}
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </Card>
  );
}

function VideoMeta({ video }: { video: DashboardVideo }) {
  return (
    <>
      <span>{video.categoryLabel}</span>
      {video.durationSeconds !== null && (
        <span className="flex items-center gap-1 tabular-nums">
          <Clock className="size-3.5" aria-hidden="true" />
          {formatDuration(video.durationSeconds)}
        </span>
      )}
    </>
  );
}

/** A video of the library: its thumbnail, category and duration. */
export function VideoCard({ video, ...card }: CardProps & { video: DashboardVideo }) {
  const image = <MediaImage src={video.thumbnailUrl} width={640} height={360} sizes={GRID_CARD_SIZES} fallback={<Film className="size-8" />} />;
  return <ItemCard image={image} title={video.title} meta={<VideoMeta video={video} />} itemId={video.id} {...card} />;
}

/** A PDF of the library: its illustration, category and page count. */
export function PdfCard({ pdf, ...card }: CardProps & { pdf: DashboardPdf }) {
  const image = <MediaImage src={pdf.illustrationUrl} width={800} height={450} sizes={GRID_CARD_SIZES} fallback={<FileText className="size-8" />} />;
  const meta = (
    <>
      <span>{pdf.categoryLabel}</span>
      {pdf.pageCount !== null && <span>{t.pages(pdf.pageCount)}</span>}
    </>
  );
  return <ItemCard image={image} title={pdf.title} meta={meta} itemId={pdf.id} {...card} />;
}

/** A purchased video's progress bar, and 'Reprendre' where the viewer stopped (else 'Regarder'). */
export function WatchButton({ video }: { video: DashboardVideo }) {
  const progress = video.watchProgress;
  const resume = progress !== null && !progress.completed && progress.positionSeconds > 0;
  return (
    <div className="flex flex-col gap-3">
      {progress && (
        <div
          role="progressbar"
          aria-label={t.watched(progress.percent)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          data-testid="watch-progress"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, Math.max(0, progress.percent))}%` }} />
        </div>
      )}
      <Button asChild className="w-full">
        {/* The spec opens a purchased video in a new tab. */}
        <Link to={itemPath('VIDEO', video.id)} target="_blank" rel="noopener" data-testid="watch-link">
          <PlayCircle aria-hidden="true" />
          {resume ? t.resume : t.watch}
        </Link>
      </Button>
    </div>
  );
}

/** A purchased PDF's 'Lire' and 'Télécharger' (one signed link at a time for the whole list). */
export function PdfButtons({ pdf, pdfs }: { pdf: DashboardPdf; pdfs: ReturnType<typeof usePdfDownload> }) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="outline" disabled={pdfs.busy} onClick={() => void pdfs.read(pdf.id)} data-testid="pdf-read">
        <BookOpen aria-hidden="true" />
        {t.read}
      </Button>
      <Button disabled={pdfs.busy} onClick={() => void pdfs.download(pdf.id)} data-testid="pdf-download">
        <Download aria-hidden="true" />
        {t.download}
      </Button>
    </div>
  );
}
