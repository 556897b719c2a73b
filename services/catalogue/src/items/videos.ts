import { settle, validInput, type AdminActor, type Result } from '@lbf/service-kit';
import { clearProcessingAlert, hlsVideoPrefix, verifyUploads } from '../media';
import { CONTENT_CATEGORIES, CONTENT_CATEGORY_LABELS, type ContentCategory } from '../shared/categories';
import type { CatalogueDeps } from '../shared/deps';
import { dayIn } from '../shared/iso';
import { formatDuration } from '../shared/duration';
import { catalogueError, messages } from '../shared/errors';
import { createVideoInput, updateVideoInput } from './inputs';
import { DEFAULT_VIDEO_PRICE_CENTS } from '../shared/money';
import type { Page } from '../shared/pagination';
import type { Video } from '../shared/records';
import { videoOrder, type VideoSort } from '../shared/sort';
import { deleteItem, findItem, insertItem, listItems, newItemColumns, itemsCsv, SHARED_JOURNAL_FIELDS, updateItem, type ItemKind, type ItemQuery } from './catalogue-items';
import { allItems, latestPublishedVideo, nextStreamVersion, videoCountsByCategory, videosLike } from './store';

export interface VideoQuery extends ItemQuery {
  sort?: VideoSort | null;
}

const VIDEO: ItemKind<Video> = {
  table: 'videos',
  type: 'video',
  bucket: 'videos',
  notFound: messages.videoNotFound,
  objectKeys: (v) => [v.videoKey, v.thumbnailKey, v.presenterPhotoKey],
  beforeDelete: async (tx, v) => void (await clearProcessingAlert(tx, v.id)),
  journalFields: [...SHARED_JOURNAL_FIELDS, 'previewSeconds', 'durationSeconds', 'presenterName', 'presenterTitle', 'learnItems', 'thumbnailKey', 'presenterPhotoKey'],
};

export function listVideos(deps: Pick<CatalogueDeps, 'ds'>, q: VideoQuery): Promise<Page<Video>> {
  return listItems(deps, VIDEO, q, videoOrder(q.sort ?? 'NEWEST'));
}

export function findVideo(deps: Pick<CatalogueDeps, 'ds'>, id: string): Promise<Video | null> {
  return findItem(deps, VIDEO, id);
}

export function latestVideo(deps: Pick<CatalogueDeps, 'ds'>): Promise<Video | null> {
  return latestPublishedVideo(deps.ds.manager);
}

/** Other videos of the same category, newest first. */
export function similarVideos(deps: Pick<CatalogueDeps, 'ds'>, video: Video, limit = 3): Promise<Video[]> {
  return videosLike(deps.ds.manager, video, Math.min(Math.max(limit, 0), 12));
}

export async function videoCategories(deps: Pick<CatalogueDeps, 'ds'>): Promise<Array<{ id: ContentCategory; label: string; count: number }>> {
  const counts = await videoCountsByCategory(deps.ds.manager);
  return CONTENT_CATEGORIES.map((id) => ({ id, label: CONTENT_CATEGORY_LABELS[id], count: counts.get(id) ?? 0 }));
}

export function createVideo(deps: CatalogueDeps, admin: AdminActor, input: unknown): Promise<Result<Video>> {
  return settle(async () => {
    const i = validInput(createVideoInput, input);
    const files = await verifyUploads(deps, [
      { id: i.videoUploadId, kinds: ['VIDEO'], field: 'videoUploadId' },
      { id: i.thumbnailUploadId, kinds: ['THUMBNAIL'], field: 'thumbnailUploadId' },
      { id: i.presenterPhotoUploadId, kinds: ['THUMBNAIL'], field: 'presenterPhotoUploadId' },
    ]);
    const file = files.videoUploadId!;
    const video = await insertItem(deps, admin, VIDEO, files, {
      ...newItemColumns(i, DEFAULT_VIDEO_PRICE_CENTS, new Date(), dayIn(deps.siteTimezone)),
      // Not for sale or play until its ladder is ready: the build publishes it (jobs/stream-video.ts).
      publishedAt: null,
      previewSeconds: i.previewSeconds,
      processingState: 'pending',
      processingProgress: 0,
      processingVersion: 1,
      processingUpdatedAt: new Date(),
      durationSeconds: i.durationSeconds ?? null,
      presenterName: i.presenterName,
      presenterTitle: i.presenterName ? i.presenterTitle : null,
      presenterPhotoKey: files.presenterPhotoUploadId?.upload.objectKey ?? null,
      learnItems: i.learnItems,
      videoKey: file.upload.objectKey,
      videoContentType: file.contentType,
      videoSize: file.size,
      thumbnailKey: files.thumbnailUploadId?.upload.objectKey ?? null,
      viewCount: 0,
  });
  await deps.after.buildStream(video.id, 1);
  return video;
  });
}

export function updateVideo(deps: CatalogueDeps, admin: AdminActor, id: string, input: unknown): Promise<Result<Video>> {
  return settle(async () => {
    const i = validInput(updateVideoInput, input);
    if (!(await findVideo(deps, id))) throw catalogueError('NOT_FOUND', messages.videoNotFound);
    const files = await verifyUploads(deps, [
      { id: i.thumbnailUploadId, kinds: ['THUMBNAIL'], field: 'thumbnailUploadId' },
      { id: i.presenterPhotoUploadId, kinds: ['THUMBNAIL'], field: 'presenterPhotoUploadId' },
    ]);
    let rebuild: number | null = null;
    const video = await updateItem(deps, admin, VIDEO, id, files, i, (v) => {
      const replaced: Array<string | null> = [];
      if (i.previewSeconds !== undefined && i.previewSeconds !== v.previewSeconds) {
        v.previewSeconds = i.previewSeconds;
        rebuild = 0;
      }
      if (i.durationSeconds !== undefined) v.durationSeconds = i.durationSeconds;
      if (i.presenterName !== undefined) v.presenterName = i.presenterName;
      if (i.presenterTitle !== undefined) v.presenterTitle = i.presenterTitle;
      if (i.learnItems !== undefined) v.learnItems = i.learnItems;
      if (files.thumbnailUploadId) {
        replaced.push(v.thumbnailKey);
        v.thumbnailKey = files.thumbnailUploadId.upload.objectKey;
      }
      if (files.presenterPhotoUploadId) {
        replaced.push(v.presenterPhotoKey);
        v.presenterPhotoKey = files.presenterPhotoUploadId.upload.objectKey;
      }
      return replaced;
    }, async (manager, v) => {
      // A new preview length means a new version (the old one plays until it is ready).
      if (rebuild === null) return;
      rebuild = await nextStreamVersion(manager, v.id);
      if (rebuild !== null) Object.assign(v, { processingVersion: rebuild, processingState: 'pending', processingProgress: 0, processingError: null });
  });
  if (rebuild) await deps.after.buildStream(id, rebuild);
  return video;
  });
}

/** Deletes the row (and publishes catalogue.item.deleted) then the files and streaming folder; what resists is retried by a job. */
export function deleteVideo(deps: CatalogueDeps, admin: AdminActor, id: string): Promise<Result<void>> {
  return settle(async () => {
    await deleteItem(deps, admin, VIDEO, id);
    await deps.after.deleteStreamFiles(hlsVideoPrefix(id));
  });
}

/** videos-export.csv (itemsCsv): duration, views, downloads and presenter besides what every item has. */
export async function exportVideosCsv(deps: Pick<CatalogueDeps, 'ds' | 'siteTimezone'>): Promise<string> {
  const videos = await allItems<Video>(deps.ds.manager, 'videos');
  return itemsCsv(deps, videos, ['Durée', 'Vues', 'Téléchargements', 'Présentateur'], (v) => [
    formatDuration(v.durationSeconds),
    v.viewCount,
    v.downloadCount,
    v.presenterName,
  ]);
}
