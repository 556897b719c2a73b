import { builtService, createHarness, gatewayHeaders, until, type Harness } from '@lbf/service-kit/testing';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCatalogue } from '../src/app';
import type { CatalogueConfig } from '../src/config';
import { makeClip } from './factories/media';
import { catalogueHarnessDefinition } from './harness';

/**
 * A worker killed in the middle of a build (kill -9 of its process): BullMQ's lock on the job
 * expires, another instance's stalled check puts the job back, and that instance builds the
 * version from the start. Runs the first instance from the built service (dist/), as a process
 * of its own, so it can really die. The catalogue's short lock and frequent stalled check
 * (CATALOGUE_JOB_RECOVERY) have the job taken back within seconds; with BullMQ's defaults it took
 * about a minute, most of this test's time.
 */
/** A replica of this file: the first one a process of its own (it has a `proc` to kill), the others in this process. */
type Replica = { url: string; stop(): Promise<unknown>; proc?: ChildProcess };

let t: Harness<CatalogueConfig, Replica>;
let mediaDir: string;
let child: ChildProcess | null = null;

beforeAll(async () => {
  // The first instance runs the built service.
  const startChild = builtService<CatalogueConfig>(join(__dirname, '..'), 'startCatalogue');
  mediaDir = await mkdtemp(join(tmpdir(), 'lbf-crash-test-'));
  let replicas = 0;
  // The file's harness: its first replica is the child process, any later one (t.start()) runs here.
  t = await createHarness<CatalogueConfig, Replica>(
    { ...catalogueHarnessDefinition(mediaDir), start: (cfg) => (replicas++ === 0 ? startChild(cfg) : startCatalogue(cfg)) },
    { videoSweepEveryMs: 60_000 },
  );
}, 180_000);

afterAll(async () => {
  await t?.teardown();
  await rm(mediaDir, { recursive: true, force: true });
});

it('finishes a build whose worker was killed mid-job on another instance', async () => {
  const t0 = Date.now();
  const mark = (what: string) => process.stdout.write(`[crash test +${Date.now() - t0} ms] ${what}\n`);
  // 30 s of 720p: four rungs, several seconds of encoding to be killed in (10 fps: the clip and its
  // two encodings cost a busy machine half as much as 25 fps; frames are not what this test is about).
  const clip = await makeClip('testsrc2=s=1280x720:r=10:d=30', 'sine=duration=30');

  mark('clip made');
  const first = t.app;
  mark('first instance up');
  child = first.proc!;
  const ask = t.as(t.newUser({ admin: true })).gql;
  const ticket = await ask<{ createUpload: { upload: { uploadId: string; url: string; headers: Array<{ name: string; value: string }> } } }>(
    `mutation($input: CreateUploadInput!) { createUpload(input: $input) { upload { uploadId url headers { name value } } error { message } } }`,
    { input: { kind: 'VIDEO', fileName: 'crash.mp4', contentType: 'video/mp4', size: clip.length } },
  );
  const up = ticket.data!.createUpload.upload;
  const origin = first.url.replace(/\/graphql$/, '');
  const put = await fetch(`${origin}${up.url}`, {
    method: 'PUT',
    headers: { ...Object.fromEntries(up.headers.map((h) => [h.name, h.value])), ...gatewayHeaders(t.env.subgraphSecret) },
    body: clip,
  });
  expect(put.status).toBe(200);
  const created = await ask<{ createVideo: { video: { id: string } } }>(
    `mutation($input: CreateVideoInput!) { createVideo(input: $input) { video { id } error { message } } }`,
    { input: { title: 'Interrompue', category: 'health', videoUploadId: up.uploadId } },
  );
  const id = created.data!.createVideo.video.id;

  const state = async () => (await t.sql.query('SELECT processing_state, processing_progress, processing_updated_at, hls_version FROM catalogue.videos WHERE id = $1', [id])).rows[0];
  await until(async () => {
    const s = await state();
    return s.processing_state === 'processing' && s.processing_progress >= 5;
  }, 30_000, 'the first instance processing');
  mark('first instance encoding; killing it');
  child.kill('SIGKILL');
  await new Promise((res) => child!.once('exit', res));
  child = null;
  const left = await state();
  expect(left.processing_state).toBe('processing');
  expect(left.hls_version).toBeNull();

  // Another instance: its stalled check finds the dead worker's job once the lock expired (~10 s).
  const started = Date.now();
  await t.start();
  const booted = Date.now();
  mark('second instance up');
  // Phases, from the second instance's start: it takes the job back (its build's first write), encodes (80 %), stores, and switches the row.
  const phases: Record<string, number> = {};
  await until(async () => {
    const s = await state();
    const at = Date.now() - started;
    // The dead instance writes nothing more: any write is the second instance's build starting.
    if (phases.picked === undefined && s.processing_updated_at.getTime() !== left.processing_updated_at.getTime()) {
      phases.picked = at;
      process.stdout.write(`job taken back by the second instance ${at} ms after it started\n`);
    }
    if (phases.picked !== undefined && phases.encoded === undefined && s.processing_progress >= 80) {
      phases.encoded = at;
      process.stdout.write(`ladder encoded by the second instance ${at} ms after it started\n`);
    }
    return s.processing_state === 'ready';
  }, 120_000, 'the second instance finishing');
  const total = Date.now() - started;
  process.stdout.write(
    `build finished by the second instance ${total} ms after it started (booted ${booted - started} ms, job taken back ${phases.picked ?? '?'} ms, encoded ${phases.encoded ?? '?'} ms)\n`,
  );
  // Recovery itself (lock lapse + stalled check), apart from the encoding a busy machine slows down.
  expect(phases.picked! - (booted - started)).toBeLessThan(25_000);
  const done = await state();
  expect(done.hls_version).toBe(1);
  expect(existsSync(join(mediaDir, 'videos', 'hls', id, 'v1', 'full', '720p', 'index.m3u8'))).toBe(true);
}, 200_000);
