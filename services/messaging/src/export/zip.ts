import { zipSync, type Zippable } from 'fflate';

/** One file of the archive. */
export interface ZipEntry {
  /** A relative path with forward slashes, e.g. `recus/recu-LBF-2026-000001.pdf` (ASCII: some unzips mistake UTF-8 names). */
  name: string;
  content: Buffer;
}

/**
 * The data export's ZIP archive, written by fflate (a well-kept, dependency-free ZIP library) with
 * deflate at its default level; `zip.spec.ts` has Info-ZIP's `unzip -t` check what it writes.
 */
export function zip(entries: readonly ZipEntry[], modifiedAt = new Date()): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [new Uint8Array(entry.content), { mtime: modifiedAt }];
  return Buffer.from(zipSync(files));
}
