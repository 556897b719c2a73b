import { BookOpen, FileText, ShoppingBag, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { dashboardText as t } from '@/i18n/commerce';
import { formatCount } from '@/lib/format/number';
import type { LibraryData } from './library';
import { unitPrice, type Money } from './library-price';

const c = t.counters;

function Counter({ icon, value, label, note, testId }: { icon: ReactNode; value: number; label: string; note: string | null; testId: string }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="text-primary [&_svg]:size-5">{icon}</span>
      </div>
      <p className="text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
        {formatCount(value)}
      </p>
      {note && (
        <p className="text-xs text-muted-foreground" data-testid={`${testId}-note`}>
          {note}
        </p>
      )}
    </Card>
  );
}

/** The four counters of the spec: bought and available, videos and PDFs. */
export function LibraryCounters({ data, money }: { data: LibraryData; money: Money }) {
  const allVideos = [...data.availableVideos.items, ...data.purchasedVideos.items];
  const allPdfs = [...data.availablePdfs.items, ...data.purchasedPdfs.items];
  const videoPrice = unitPrice(data.availableVideos.items.length ? data.availableVideos.items : allVideos, money);
  const pdfPrice = unitPrice(data.availablePdfs.items.length ? data.availablePdfs.items : allPdfs, money);
  const videoNote = videoPrice && c.videosAvailableNote(videoPrice);
  const pdfNote = pdfPrice && c.pdfsAvailableNote(pdfPrice);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-counters">
      <Counter icon={<Video aria-hidden="true" />} value={data.purchasedVideos.total} label={c.videosBought} note={c.videosBoughtNote} testId="counter-videos-bought" />
      <Counter icon={<BookOpen aria-hidden="true" />} value={data.purchasedPdfs.total} label={c.pdfsBought} note={c.pdfsBoughtNote} testId="counter-pdfs-bought" />
      <Counter icon={<ShoppingBag aria-hidden="true" />} value={data.availableVideos.total} label={c.videosAvailable} note={videoNote} testId="counter-videos-available" />
      <Counter icon={<FileText aria-hidden="true" />} value={data.availablePdfs.total} label={c.pdfsAvailable} note={pdfNote} testId="counter-pdfs-available" />
    </div>
  );
}
