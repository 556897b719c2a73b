import type { UserError } from '@lbf/service-kit';
import { catalogueError, messages } from '../shared/errors';

import { BUCKETS, UPLOAD_KINDS, type Bucket, type UploadKind } from '../shared/buckets';

export { BUCKETS, UPLOAD_KINDS, type Bucket, type UploadKind };

/** Content families checked by sniffing the bytes. */
export type ContentFamily = 'video' | 'pdf' | 'image';

export interface UploadLimits {
  videoBytes: number;
  pdfBytes: number;
  imageBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  videoBytes: 2 * 1024 ** 3,
  pdfBytes: 100 * 1024 ** 2,
  imageBytes: 10 * 1024 ** 2,
};

interface KindRule {
  bucket: Bucket;
  family: ContentFamily;
  /** Spec message when the file is not what it should be. */
  invalidMessage: string;
  /** Infix of the object name, as the original app named its files (thumbnail '-thumb-', illustration '-illustration-'). */
  infix: string;
  limit: (l: UploadLimits) => number;
}

export const KIND_RULES: Record<UploadKind, KindRule> = {
  VIDEO: { bucket: 'videos', family: 'video', invalidMessage: messages.invalidVideo, infix: '', limit: (l) => l.videoBytes },
  THUMBNAIL: { bucket: 'videos', family: 'image', invalidMessage: messages.invalidThumbnail, infix: 'thumb-', limit: (l) => l.imageBytes },
  PDF: { bucket: 'pdfs', family: 'pdf', invalidMessage: messages.invalidPdf, infix: '', limit: (l) => l.pdfBytes },
  ILLUSTRATION: { bucket: 'pdfs', family: 'image', invalidMessage: messages.invalidIllustration, infix: 'illustration-', limit: (l) => l.imageBytes },
};

/** Image types a browser shows everywhere; anything else is refused as an image. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The family a sniffed MIME type belongs to, or null when it is none we accept. */
export function familyOf(mime: string | null | undefined): ContentFamily | null {
  if (!mime) return null;
  if (mime === 'application/pdf') return 'pdf';
  if (IMAGE_TYPES.has(mime)) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return null;
}

/** Whether the type the browser claims is plausible for the kind (a first, cheap refusal; the bytes decide later). */
export function claimedTypeFits(kind: UploadKind, contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  switch (KIND_RULES[kind].family) {
    case 'video':
      return type.startsWith('video/');
    case 'pdf':
      return type === 'application/pdf';
    case 'image':
      return type.startsWith('image/');
  }
}

/** 2147483648 -> "2 GB", 104857600 -> "100 MB", in the units the admin pages show sizes in. */
export function formatLimit(bytes: number): string {
  const units = ['octets', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  if (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
    return `${value.toFixed(1).replace('.', ',')} ${units[unit]}`;
  }
  return `${value} ${units[unit]}`;
}

export function tooLargeError(kind: UploadKind, limits: UploadLimits, field: string | null = 'file'): UserError {
  return catalogueError('FILE_TOO_LARGE', tooLargeMessage(KIND_RULES[kind].limit(limits)), field);
}

export function tooLargeMessage(maxBytes: number): string {
  return messages.tooLarge(formatLimit(maxBytes));
}

/** A name safe as an object key part and on any disk: accents dropped, only [A-Za-z0-9._-], at most 80 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+/, '');
  const trimmed = cleaned.length > 80 ? cleaned.slice(cleaned.length - 80).replace(/^[-.]+/, '') : cleaned;
  return trimmed || 'fichier';
}

/** Object key of a new upload: timestamp, a random part (two uploads in the same ms), the kind's infix, the name. */
export function objectKeyFor(kind: UploadKind, fileName: string, now: Date, random: string): string {
  return `${now.getTime()}-${random}-${KIND_RULES[kind].infix}${safeFileName(fileName)}`;
}

/** Keys of uploaded files: flat, no path separators, no leading dot. */
export const OBJECT_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Keys of files the catalogue derives itself (media/hls-layout.ts): a video's streaming files and
 * a buyer's stamped PDF. Folders only of these exact shapes, so no key can climb out of its bucket.
 */
export const DERIVED_KEY_PATTERN =
  /^(?:hls\/[0-9a-f-]{36}\/v\d{1,9}\/(?:full|preview)\/(?:master\.m3u8|(?:234p|360p|480p|720p|audio)\/(?:index\.m3u8|init\.mp4|seg_\d{5}\.m4s))|stamped\/[0-9a-f-]{36}\.pdf)$/;

/** Prefixes deletePrefix accepts: a video's streaming folder, or one of its versions. */
export const DERIVED_PREFIX_PATTERN = /^hls\/[0-9a-f-]{36}\/(?:v\d{1,9}\/)?$/;

/** Whether a store may hold `key`: an upload's flat key or a derived one. */
export function isStorableKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key) || DERIVED_KEY_PATTERN.test(key);
}
