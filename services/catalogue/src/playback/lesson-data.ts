import { ok, type Result } from '@lbf/service-kit';
import { RETENTION } from '@lbf/proto-events';
import { findVideo } from '../items';
import type { CatalogueDeps } from '../shared/deps';
import { messages, refused } from '../shared/errors';
import { LESSON_DATA_MONTHLY_CAP_BYTES, lessonDataMonth, lessonDataReport } from './rules';
import { addLessonData, lessonDataOf, purgeLessonData, type LessonDataRow } from './store';

export interface LessonDataUseView {
  /** YYYY-MM. */
  month: string;
  bytes: number;
  offlineBytes: number;
}

function view(row: LessonDataRow): LessonDataUseView {
  return { month: row.month.slice(0, 7), bytes: row.bytes, offlineBytes: row.offlineBytes };
}

/**
 * recordLessonData: the viewer's player reports what it downloaded for a lesson since its last
 * report. The video must exist (its ladders bound the report); the person's month is the only thing
 * kept, never which video: a signed-in viewer may report for a preview as for a bought video, since
 * both cost them data.
 */
export async function recordLessonData(
  deps: Pick<CatalogueDeps, 'ds'>,
  userId: string,
  report: { videoId: string; bytes: number; offline: boolean },
  now = new Date(),
): Promise<Result<LessonDataUseView>> {
  const video = await findVideo(deps, report.videoId);
  if (!video) return refused('NOT_FOUND', messages.videoNotFound);
  const bytes = lessonDataReport(report.bytes, video);
  if (bytes === null) return refused('VALIDATION', messages.invalidDataBytes, 'bytes');
  const row = await addLessonData(deps.ds, { userId, month: lessonDataMonth(now), bytes, offline: report.offline, cap: LESSON_DATA_MONTHLY_CAP_BYTES });
  return ok(view(row));
}

/** myLessonDataUse: this month's total of the signed-in viewer (zero before any report). */
export async function myLessonDataUse(deps: Pick<CatalogueDeps, 'ds'>, userId: string, now = new Date()): Promise<LessonDataUseView> {
  return view(await lessonDataOf(deps.ds, userId, lessonDataMonth(now)));
}

/** The first month kept: the current one and the RETENTION.lessonDataMonths - 1 before it. */
export function firstKeptMonth(now: Date): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (RETENTION.lessonDataMonths - 1), 1));
  return lessonDataMonth(first);
}

/** The retention job: months older than RETENTION.lessonDataMonths go. */
export async function purgeOldLessonData(deps: Pick<CatalogueDeps, 'ds'>, now = new Date()): Promise<number> {
  return purgeLessonData(deps.ds, firstKeptMonth(now));
}
