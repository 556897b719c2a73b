import type { ApolloClient } from '@apollo/client';
import { useEffect, useMemo } from 'react';
import { canRecordLessonData, recordLessonData, recordLessonDataOnLeave } from './playback-api';
import { FIRST_PIECES_MARK, isMediaUrl, OFFLINE_COPY_MARK } from './stream-url';

/** Past this much unreported data the player reports without waiting for a pause (a long, uninterrupted lesson). */
const REPORT_EVERY_BYTES = 5_000_000;

export interface LessonDataMeter {
  /** Bytes a media request received, when the browser has no Resource Timing to say it (hls-playback.ts). */
  add?(bytes: number): void;
  /** A media file fetched ahead (first-pieces.ts), as the player takes it: its requests are left out of the page's count. */
  addFirstPiece(bytes: number): void;
  /** Reports what is pending: 'now' with the Apollo client, 'leave' with a request that outlives the page. */
  flush(how: 'now' | 'leave'): void;
  /** Starts and stops watching the page's requests (an effect's mount and clean-up). */
  start(): void;
  stop(): void;
}

/** True where Resource Timing reports each request's transferSize to an observer (every current browser). */
function observesTransfers(): boolean {
  return typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('resource');
}

/**
 * Counts what the player downloads for a lesson and reports it in batches to the viewer's month: on
 * pause, on leaving the page or the app, when the player closes, and every 5 Mo. What counts is what
 * came over the network for the session's segments: Resource Timing's transferSize (headers and
 * body; 0 for a copy the browser kept, which cost nothing; an offline copy's download reports its
 * own), else each request's own byte count. A
 * report that fails is kept for the next one. Visitors' downloads are not reported (they have no
 * account to keep them in).
 */
export function lessonDataMeter(client: ApolloClient, videoId: string): LessonDataMeter {
  let pending = 0;
  const flush = (how: 'now' | 'leave') => {
    const bytes = Math.round(pending);
    if (bytes < 1 || !canRecordLessonData()) return;
    pending = 0;
    if (how === 'leave') {
      recordLessonDataOnLeave(videoId, bytes);
      return;
    }
    void recordLessonData(client, videoId, bytes).then((reached) => {
      if (!reached) pending += bytes;
    });
  };
  const add = (bytes: number) => {
    pending += bytes;
    if (pending >= REPORT_EVERY_BYTES) flush('now');
  };
  if (!observesTransfers()) return { add, addFirstPiece: add, flush, start: () => undefined, stop: () => undefined };
  // An offline copy's download reports itself; a file fetched ahead is counted as the player takes it.
  const counted = (name: string) => isMediaUrl(name) && !name.includes(OFFLINE_COPY_MARK) && !name.includes(FIRST_PIECES_MARK);
  const transferred = (entries: PerformanceEntryList) => (entries as PerformanceResourceTiming[]).reduce((sum, e) => (counted(e.name) ? sum + e.transferSize : sum), 0);
  const observer = new PerformanceObserver((list) => add(transferred(list.getEntries())));
  return {
    addFirstPiece: add,
    // Entries not yet handed to the observer are taken before each report.
    flush: (how) => {
      pending += transferred(observer.takeRecords());
      flush(how);
    },
    start: () => observer.observe({ type: 'resource' }),
    stop: () => observer.disconnect(),
  };
}

/** One meter per video on the page; what is pending goes when the player leaves the page. */
export function useLessonDataMeter(client: ApolloClient, videoId: string): LessonDataMeter {
  const meter = useMemo(() => lessonDataMeter(client, videoId), [client, videoId]);
  useEffect(() => {
    meter.start();
    return () => {
      meter.flush('now');
      meter.stop();
    };
  }, [meter]);
  return meter;
}
