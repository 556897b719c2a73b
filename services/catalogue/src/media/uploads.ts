import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { SNIFF_BYTES, sniffForKind } from './content-sniff';
import { fail, ok, parseInput, type Result } from '@lbf/service-kit';
import { catalogueError, messages, refused } from '../shared/errors';
import { createUploadInput } from './inputs';
import { claimedTypeFits, KIND_RULES, objectKeyFor, tooLargeError, type UploadKind } from './upload-rules';
import type { PendingUpload } from './records';
import type { CatalogueDeps } from '../shared/deps';
import type { UploadTicket } from './upload-ticket';
import { deletePendingUpload, deletePendingUploads, insertPendingUpload, isPendingObjectRow, lockExpiredUploads, pendingUploadById, takePendingUploads } from './store';

export type { UploadTicket };

/** Hands out a signed URL the browser uploads one file to, and remembers it as pending. */
export async function createUpload(
  deps: CatalogueDeps,
  adminId: string,
  input: unknown,
  now = new Date(),
): Promise<Result<UploadTicket>> {
  const parsed = parseInput(createUploadInput, input);
  if (!parsed.ok) return parsed;
  const { kind, fileName, contentType, size } = parsed.value;
  const rule = KIND_RULES[kind];
  if (!claimedTypeFits(kind, contentType)) return refused('INVALID_FILE', rule.invalidMessage, 'file');
  const maxBytes = rule.limit(deps.limits);
  if (size > maxBytes) return fail(tooLargeError(kind, deps.limits));

  const urlExpiresAt = new Date(now.getTime() + deps.uploadUrlTtlSeconds * 1000);
  const row = await insertPendingUpload(deps.ds.manager, {
    id: randomUUID(),
    kind,
    bucket: rule.bucket,
    objectKey: objectKeyFor(kind, fileName, now, randomBytes(3).toString('hex')),
    fileName,
    declaredContentType: contentType,
    declaredSize: size,
    maxBytes,
    createdBy: adminId,
    createdAt: now,
    urlExpiresAt,
    expiresAt: new Date(urlExpiresAt.getTime() + deps.uploadRetentionSeconds * 1000),
  });
  const target = await deps.store.presignedUploadUrl(row.bucket, row.objectKey, { expiresAt: urlExpiresAt, contentType, maxBytes, kind });
  return ok({
    uploadId: row.id,
    url: target.url,
    method: target.method,
    headers: Object.entries(target.headers).map(([name, value]) => ({ name, value })),
    expiresAt: urlExpiresAt,
    maxBytes,
  });
}

/** Whether an object is still waiting for its upload (the local upload route refuses others). */
export async function isPendingObject(deps: Pick<CatalogueDeps, 'ds'>, bucket: string, key: string): Promise<boolean> {
  return isPendingObjectRow(deps.ds.manager, bucket, key);
}

export interface VerifiedUpload {
  upload: PendingUpload;
  size: number;
  /** Sniffed from the bytes. */
  contentType: string;
}

/**
 * Deletes an upload that can never be used (wrong content, too large): object first, then its
 * row, so a failure leaves the row for the cleanup job to retry.
 */
async function discard(deps: CatalogueDeps, upload: PendingUpload): Promise<void> {
  try {
    await deps.store.delete(upload.bucket, upload.objectKey);
    await deletePendingUpload(deps.ds.manager, upload.id);
  } catch (err) {
    deps.log.warn({ err: String(err), key: upload.objectKey }, 'could not delete a refused upload now; the cleanup job will');
  }
}

/**
 * Checks an upload before an item uses it: it exists and has not expired, is of an accepted kind,
 * its file arrived, is within the size limit, and its bytes are what the kind needs. A file that
 * can never pass is deleted at once with its row.
 */
export async function verifyUpload(
  deps: CatalogueDeps,
  uploadId: string,
  kinds: readonly UploadKind[],
  field: string,
): Promise<Result<VerifiedUpload>> {
  const expected = KIND_RULES[kinds[0]!];
  const upload = await pendingUploadById(deps.ds.manager, uploadId);
  if (!upload || upload.expiresAt.getTime() <= Date.now()) return fail(catalogueError('UPLOAD_NOT_FOUND', messages.uploadNotFound, field));
  if (!kinds.includes(upload.kind)) return fail(catalogueError('INVALID_FILE', expected.invalidMessage, field));
  const info = await deps.store.stat(upload.bucket, upload.objectKey);
  if (!info) return fail(catalogueError('UPLOAD_INCOMPLETE', messages.uploadIncomplete, field));
  if (info.size > upload.maxBytes) {
    await discard(deps, upload);
    return fail(tooLargeError(upload.kind, deps.limits, field));
  }
  const head = info.size > 0 ? await readHead(deps, upload, Math.min(info.size, SNIFF_BYTES)) : Buffer.alloc(0);
  const sniffed = await sniffForKind(upload.kind, head);
  if (!sniffed) {
    await discard(deps, upload);
    return fail(catalogueError('INVALID_FILE', KIND_RULES[upload.kind].invalidMessage, field));
  }
  return ok({ upload, size: info.size, contentType: sniffed.mime });
}

async function readHead(deps: CatalogueDeps, upload: PendingUpload, bytes: number): Promise<Buffer> {
  const stream = await deps.store.read(upload.bucket, upload.objectKey, { start: 0, end: bytes - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Verifies several optional uploads in order; the first problem wins. */
export async function verifyUploads(
  deps: CatalogueDeps,
  wanted: Array<{ id: string | null | undefined; kinds: readonly UploadKind[]; field: string }>,
): Promise<Record<string, VerifiedUpload>> {
  const ids = wanted.map((w) => w.id).filter((id): id is string => !!id);
  if (new Set(ids).size !== ids.length) {
    throw catalogueError('VALIDATION', 'Un même fichier ne peut servir à deux champs.', null);
  }
  const out: Record<string, VerifiedUpload> = {};
  for (const w of wanted) {
    if (!w.id) continue;
    const r = await verifyUpload(deps, w.id, w.kinds, w.field);
    if (!r.ok) throw r.error;
    out[w.field] = r.value;
  }
  return out;
}

/**
 * Takes the uploads for an item inside its transaction: their rows go, so the cleanup job will
 * never delete their objects. If the job (or another request) took one first, the item is not made.
 */
export async function claimUploads(manager: EntityManager, verified: Record<string, VerifiedUpload>): Promise<void> {
  const entries = Object.entries(verified);
  if (!entries.length) return;
  const taken = await takePendingUploads(manager, entries.map(([, v]) => v.upload.id));
  const lost = entries.find(([, v]) => !taken.has(v.upload.id));
  if (lost) throw catalogueError('UPLOAD_NOT_FOUND', messages.uploadNotFound, lost[0]);
}

/**
 * Deletes abandoned uploads, objects first then rows, in batches locked with SKIP LOCKED (several
 * instances never fight over one, and an item being created takes its row or finds it gone).
 * An object that cannot be deleted keeps its row for the next run. Returns how many went.
 */
export async function deleteExpiredUploads(deps: Pick<CatalogueDeps, 'ds' | 'store' | 'log'>, batch = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const { seen, deleted } = await deps.ds.transaction(async (m) => {
      const rows = await lockExpiredUploads(m, batch);
      const done: string[] = [];
      for (const r of rows) {
        try {
          await deps.store.delete(r.bucket, r.object_key);
          done.push(r.id);
        } catch (err) {
          deps.log.warn({ err: String(err), key: r.object_key }, 'could not delete an abandoned upload; will retry');
        }
      }
      if (done.length) await deletePendingUploads(m, done);
      return { seen: rows.length, deleted: done.length };
    });
    total += deleted;
    if (seen < batch || deleted === 0) return total;
  }
}
