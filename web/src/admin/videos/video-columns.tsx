import { Video as VideoIcon } from 'lucide-react';
import { formatDate } from '@/lib/format/date';
import { formatDuration } from '@/lib/format/duration';
import { formatCount } from '@/lib/format/number';
import { adminFr } from '@/i18n/admin';
import type { Column } from '../components/data-list';
import { thumbTitleColumn } from '../components/thumb-title';
import type { AdminVideo } from './operations';
import { ProcessingStatus } from './processing-status';

const t = adminFr.videos;

/** The videos' table (and the asked-for video's row): title with thumbnail, state, figures, date. */
export const videoColumns: ReadonlyArray<Column<AdminVideo>> = [
  thumbTitleColumn<AdminVideo>(t.columns.title, { icon: <VideoIcon className="size-5" aria-hidden="true" />, sizeClass: 'aspect-video w-16' }, (video) => ({
    imageUrl: video.thumbnailUrl,
    title: video.title,
    detail: video.categoryLabel,
  })),
  { header: t.columns.state, cell: (video) => <ProcessingStatus video={video} /> },
  { header: t.columns.duration, cell: (video) => formatDuration(video.durationSeconds), numeric: true },
  { header: t.columns.views, cell: (video) => formatCount(video.viewCount), numeric: true },
  { header: t.columns.downloads, cell: (video) => formatCount(video.downloadCount), numeric: true },
  { header: t.columns.createdAt, cell: (video) => formatDate(video.createdAt) },
];
