import { offlineLessonsText as t } from '@/i18n/offline-lessons';

/** « Vidéo 360p » or « Audio seul ». */
export const qualityLabel = (rendition: string): string => (rendition === 'audio' ? t.audioOnly : t.quality(rendition));
