import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BUNDLED_FFMPEG, runFfmpeg } from '../../src/media/processing/ffmpeg';
import type { CatalogueTestContext } from '../harness';

/** Real files made for the tests: a short H.264 video, a PNG, a PDF of N pages. */
export async function makeFixtures() {
  const dir = await mkdtemp(join(tmpdir(), 'lbf-catalogue-fixtures-'));
  const ffmpeg = async (args: string[], out: string) => {
    const r = await runFfmpeg(BUNDLED_FFMPEG, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, join(dir, out)]);
    if (r.code !== 0) throw new Error(r.stderr);
    return readFile(join(dir, out));
  };
  const mp4 = await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=160x90:r=10:d=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast'], 'clip.mp4');
  const png = await ffmpeg(['-f', 'lavfi', '-i', 'color=c=green:s=64x64:d=1', '-frames:v', '1'], 'image.png');
  await rm(dir, { recursive: true, force: true });
  return { mp4, png, pdf: await makePdf(3) };
}

/**
 * A test clip from ffmpeg's own sources: `video` (a test pattern, e.g. `testsrc=s=320x240:r=25:d=4`)
 * and `audio` (a tone, e.g. `sine=frequency=440:duration=4`), H.264 and AAC in MP4, as long as the shorter.
 */
export async function makeClip(video: string, audio: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'lbf-catalogue-clip-'));
  try {
    const out = join(dir, 'clip.mp4');
    const r = await runFfmpeg(BUNDLED_FFMPEG, [
      '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', audio,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ]);
    if (r.code !== 0) throw new Error(r.stderr);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CREATE_VIDEO = `mutation($input: CreateVideoInput!) { createVideo(input: $input) { video { id } error { code message field } } }`;

/** Uploads the bytes and creates a video of them as the administrator (category health); its id. */
export async function createVideoFrom(t: CatalogueTestContext, bytes: Buffer, input: { title: string; previewSeconds?: number }): Promise<string> {
  const videoUploadId = await upload(t, 'VIDEO', 'lecon.mp4', 'video/mp4', bytes);
  const res = await t.asAdmin<{ createVideo: { video: { id: string } | null; error: unknown } }>(CREATE_VIDEO, { input: { category: 'health', videoUploadId, ...input } });
  if (res.data?.createVideo.error !== null) throw new Error(`createVideo: ${JSON.stringify(res.data?.createVideo.error ?? res.errors)}`);
  return res.data.createVideo.video!.id;
}

export async function makePdf(pages: number, text = 'Guide de test'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]).drawText(`${text} - page ${i + 1}`, { x: 20, y: 360, size: 12, font });
  return Buffer.from(await doc.save());
}

export const CREATE_UPLOAD = `mutation CreateUpload($input: CreateUploadInput!) {
  createUpload(input: $input) { upload { uploadId url method headers { name value } expiresAt maxBytes } error { code message field } }
}`;

export interface Ticket {
  uploadId: string;
  url: string;
  method: string;
  headers: Array<{ name: string; value: string }>;
  expiresAt: string;
  maxBytes: number;
}

/** Asks for an upload URL as the administrator. */
export async function requestUpload(t: CatalogueTestContext, kind: string, fileName: string, contentType: string, size: number) {
  const res = await t.asAdmin<{ createUpload: { upload: Ticket | null; error: { code: string; message: string } | null } }>(CREATE_UPLOAD, {
    input: { kind, fileName, contentType, size },
  });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.createUpload;
}

/** PUTs the bytes to the ticket's URL, as the browser does. */
export async function putFile(t: CatalogueTestContext, ticket: Ticket, bytes: Buffer): Promise<Response> {
  return t.fetch(t.abs(ticket.url), {
    method: 'PUT',
    headers: Object.fromEntries(ticket.headers.map((h) => [h.name, h.value])),
    body: bytes,
  });
}

/** createUpload + PUT; returns the upload id (throws when either step fails). */
export async function upload(t: CatalogueTestContext, kind: string, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const r = await requestUpload(t, kind, fileName, contentType, bytes.length);
  if (!r.upload) throw new Error(JSON.stringify(r.error));
  const res = await putFile(t, r.upload, bytes);
  if (!res.ok) throw new Error(`PUT ${res.status}: ${await res.text()}`);
  return r.upload.uploadId;
}
