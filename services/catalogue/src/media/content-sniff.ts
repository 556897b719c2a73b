import { fromBuffer } from 'file-type/core';
import { familyOf, KIND_RULES, type ContentFamily, type UploadKind } from './upload-rules';

/** Bytes needed to recognise every type we accept (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

export interface Sniffed {
  mime: string;
  ext: string;
  family: ContentFamily;
}

/**
 * What a file is, by its first bytes only; never by its name or the type the browser claims.
 * Returns null when it is nothing we accept.
 */
export async function sniffContent(head: Uint8Array): Promise<Sniffed | null> {
  const found = await fromBuffer(head);
  const family = familyOf(found?.mime);
  return found && family ? { mime: found.mime, ext: found.ext, family } : null;
}

/** The sniffed content when it fits the upload's kind, else null. */
export async function sniffForKind(kind: UploadKind, head: Uint8Array): Promise<Sniffed | null> {
  const sniffed = await sniffContent(head);
  return sniffed && sniffed.family === KIND_RULES[kind].family ? sniffed : null;
}
