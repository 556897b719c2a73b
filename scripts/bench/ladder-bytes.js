'use strict';
/**
 * The `ladder` part of `npm run bench` (BENCH_ONLY=ladder runs it alone, without a stack): the bytes
 * per minute of each rung of the streaming ladder, and how good each rung's picture is, for the two
 * kinds of lesson we sell (issue 25 point 4):
 *  - « talking head »: a moving subject (testsrc2, drifting) on a still background with camera noise;
 *  - « slides »: still frames with text (drawtext, local DejaVu font) changing every 8 s.
 * Both are 1280x720 at 25 fps with a speech-like sound (a voiced tone with syllables and pauses),
 * generated here by ffmpeg's own sources into a temporary folder (nothing downloaded).
 *
 * Each is built with the catalogue's own code (dist/media/processing/transcode.js: probeSource,
 * encodeLadder, with ladderFor/rungWidth's rungs), as the pipeline does, then for each rung it
 * prints kB per minute (init and segments, before AES-128 adds at most 16 bytes per segment) and
 * the SSIM of the rung against the source scaled to the rung's size (ffmpeg's ssim filter, all
 * frames); the audio rendition's kB per minute; the ladder's encode time (wall, and ffmpeg's CPU
 * seconds: the figure to compare on a busy machine).
 *
 * Before/after: with BENCH_LADDER_BASELINE (default scripts/bench/ladder-bytes.before.json, the
 * figures of the ladder before issue 25 point 4, measured by this same part) it prints those
 * figures next to today's. BENCH_LADDER_SAVE=<file> writes today's figures as a new baseline.
 *
 * Knobs (environment): BENCH_LADDER_SECONDS (30, length of each input), BENCH_LADDER_KEEP=1 keeps
 * the temporary folder.
 */
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { mkdtemp, readdir, readFile, rm, stat, writeFile } = require('node:fs/promises');
const { tmpdir, loadavg } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { root, buildStale } = require('../lib/build');

const SECONDS = Number(process.env.BENCH_LADDER_SECONDS ?? 30);
const BASELINE = process.env.BENCH_LADDER_BASELINE ?? join(__dirname, 'ladder-bytes.before.json');
const FPS = 25;
const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans.ttf'].find((f) => existsSync(f));

/** A voice-like sound: a 120–180 Hz voiced tone with harmonics, syllables at ~4 Hz, pauses, a little room noise. */
const SPEECH =
  "aevalsrc='(0.5*sin(2*PI*150*t+3*sin(2*PI*0.7*t))+0.25*sin(4*PI*150*t+6*sin(2*PI*0.7*t))+0.12*sin(6*PI*150*t+9*sin(2*PI*0.7*t)))" +
  "*(0.55+0.45*sin(2*PI*4.3*t))*gt(sin(2*PI*0.31*t)+0.6,0)*0.6+0.01*(random(0)-0.5)':s=48000:c=mono";

const SLIDES = [
  ['Leçon 3 : la trésorerie', 'Pourquoi une petite entreprise manque de liquidités'],
  ['1. Le besoin en fonds de roulement', '• Stocks  • Créances clients  • Dettes fournisseurs'],
  ['2. Suivre sa caisse chaque semaine', '• Entrées prévues  • Sorties prévues  • Solde'],
  ['3. Négocier les délais', '• Avec les clients  • Avec les fournisseurs'],
  ['4. Le mobile money', '• Encaisser plus vite  • Frais à comparer'],
  ['5. Exercice', 'Calculez le solde de fin de mois de l’exemple'],
  ['En résumé', 'Les points essentiels à retenir'],
  ['Merci', 'Rendez-vous à la leçon 4'],
];

/** ffmpeg arguments writing the two reference inputs (H.264 at CRF 18, AAC 192k: close to the camera's file). */
async function inputArgs(dir) {
  const out = { head: join(dir, 'talking-head.mp4'), slides: join(dir, 'slides.mp4') };
  const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '192k', '-t', String(SECONDS)];
  const head = [
    '-f', 'lavfi', '-i', `color=c=0x6b7d8c:s=1280x720:r=${FPS}`,
    '-f', 'lavfi', '-i', `testsrc2=s=420x560:r=${FPS}`,
    '-f', 'lavfi', '-i', SPEECH,
    '-filter_complex',
    // The « person » sways and nods; the wall has a lighter panel and sensor noise that changes every frame.
    "[0:v]drawbox=x=820:y=80:w=360:h=460:color=0xa4b0bb:t=fill,drawbox=x=60:y=600:w=1160:h=80:color=0x2c3e50@0.8:t=fill[bg];" +
      "[bg][1:v]overlay=x='430+40*sin(2*PI*t/7)':y='160+12*sin(2*PI*t/2.3)',noise=alls=2:allf=t[v]",
    '-map', '[v]', '-map', '2:a', ...encode, out.head,
  ];
  const each = 8;
  const texts = [];
  for (const [i, [title, body]] of SLIDES.entries()) {
    const during = `between(t,${i * each},${(i + 1) * each - 0.01})`;
    await writeFile(join(dir, `t${i}.txt`), title, 'utf8');
    await writeFile(join(dir, `b${i}.txt`), body, 'utf8');
    const font = FONT ? `fontfile='${FONT}':` : '';
    texts.push(`drawtext=${font}textfile='${join(dir, `t${i}.txt`)}':fontsize=54:fontcolor=0x1a2a3a:x=90:y=120:enable='${during}'`);
    texts.push(`drawtext=${font}textfile='${join(dir, `b${i}.txt`)}':fontsize=34:fontcolor=0x33414f:x=90:y=260:enable='${during}'`);
  }
  const slides = [
    '-f', 'lavfi', '-i', `color=c=0xf7f4ec:s=1280x720:r=${FPS}`,
    '-f', 'lavfi', '-i', SPEECH,
    '-filter_complex', `[0:v]drawbox=x=0:y=0:w=1280:h=28:color=0x0b6e4f:t=fill,drawbox=x=90:y=200:w=500:h=4:color=0x0b6e4f:t=fill,${texts.join(',')}[v]`,
    '-map', '[v]', '-map', '1:a', ...encode, out.slides,
  ];
  return { out, runs: [head, slides] };
}

const ffArgs = (args) => ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args];

/** SSIM (All) of `rung` against `source` scaled to width x height. */
async function ssimOf(run, bin, rung, source, width, height) {
  const { code, stderr } = await run(
    bin,
    ['-hide_banner', '-nostdin', '-i', rung, '-i', source, '-lavfi', `[0:v]fps=${FPS}[d];[1:v]scale=${width}:${height}[r];[d][r]ssim`, '-f', 'null', '-'],
    600_000,
  );
  const m = /SSIM .*All:([0-9.]+)/.exec(stderr);
  if (code !== 0 || !m) throw new Error(`ssim failed: ${stderr.slice(-500)}`);
  return Number(m[1]);
}

/** One rendition folder as one fragmented mp4 (init then segments, in playlist order) and its byte count. */
async function joinRendition(dir, name) {
  const files = (await readdir(join(dir, name))).filter((f) => f.endsWith('.m4s')).sort();
  const parts = [await readFile(join(dir, name, 'init.mp4')), ...(await Promise.all(files.map((f) => readFile(join(dir, name, f)))))];
  const file = join(dir, `${name}.mp4`);
  await writeFile(file, Buffer.concat(parts));
  return { file, bytes: (await stat(file)).size, segments: files.length };
}

/** CPU seconds of this process's finished children (cutime + cstime of /proc/self/stat, in clock ticks of 1/100 s); null off Linux. */
function childCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function measure(lib, bin, source, dir) {
  const info = await lib.probeSource(bin, source);
  const rungs = lib.ladderFor(info.height).map((r) => ({ ...r, width: lib.rungWidth(info, r.height) }));
  const out = join(dir, 'out');
  const t0 = performance.now();
  const cpu0 = childCpuSeconds();
  await lib.encodeLadder(bin, source, info, rungs, out, () => {});
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpu0 === null ? null : childCpuSeconds() - cpu0;
  const minutes = (info.exactSeconds ?? info.durationSeconds) / 60;
  const rows = [];
  for (const r of rungs) {
    const j = await joinRendition(out, r.name);
    rows.push({ rung: r.name, kBPerMin: j.bytes / 1000 / minutes, ssim: await ssimOf(lib.runFfmpeg, bin, j.file, source, r.width, r.height) });
  }
  const a = await joinRendition(out, lib.AUDIO.name);
  rows.push({ rung: lib.AUDIO.name, kBPerMin: a.bytes / 1000 / minutes, ssim: null });
  await rm(out, { recursive: true, force: true });
  return { rows, encodeSeconds: wall, encodeCpuSeconds: cpu };
}

const f1 = (n) => (n === null || n === undefined ? '-' : n.toFixed(1));
const f4 = (n) => (n === null || n === undefined ? '-' : n.toFixed(4));

function printTable(results, before) {
  console.log(`\nLadder bytes per minute (1280x720 ${FPS} fps sources, ${SECONDS} s each; SSIM against the source scaled to the rung)`);
  console.log(`   ${'input'.padEnd(14)} ${'rung'.padEnd(6)} ${'kB/min before'.padStart(14)} ${'kB/min after'.padStart(13)} ${'change'.padStart(8)} ${'SSIM before'.padStart(12)} ${'SSIM after'.padStart(11)}`);
  for (const [input, r] of Object.entries(results)) {
    for (const row of r.rows) {
      const b = before?.results?.[input]?.rows.find((x) => x.rung === row.rung);
      const change = b ? `${(((row.kBPerMin - b.kBPerMin) / b.kBPerMin) * 100).toFixed(0)} %` : '-';
      console.log(`   ${input.padEnd(14)} ${row.rung.padEnd(6)} ${f1(b?.kBPerMin).padStart(14)} ${f1(row.kBPerMin).padStart(13)} ${change.padStart(8)} ${f4(b?.ssim).padStart(12)} ${f4(row.ssim).padStart(11)}`);
    }
    const be = before?.results?.[input];
    const was = be ? `${f1(be.encodeSeconds)} s wall, ${f1(be.encodeCpuSeconds)} s CPU` : '-';
    console.log(`   ${input.padEnd(14)} encode of the whole ladder: ${was} -> ${f1(r.encodeSeconds)} s wall, ${f1(r.encodeCpuSeconds)} s CPU`);
  }
  if (before) console.log(`   before: ${before.note}`);
}

async function main() {
  buildStale({ log: () => {}, web: false });
  const dist = join(root, 'services', 'catalogue', 'dist', 'media', 'processing');
  const lib = { ...require(join(dist, 'transcode.js')), ...require(join(dist, 'hls-ladder.js')), ...require(join(dist, 'ffmpeg.js')) };
  const bin = process.env.FFMPEG_PATH || lib.BUNDLED_FFMPEG;
  const dir = await mkdtemp(join(tmpdir(), 'lbf-ladder-bench-'));
  try {
    const { out, runs } = await inputArgs(dir);
    for (const args of runs) {
      const { code, stderr } = await lib.runFfmpeg(bin, ffArgs(args), 600_000);
      if (code !== 0) throw new Error(`could not make an input: ${stderr.slice(0, 800)}`);
    }
    const results = {};
    for (const [input, file] of [['talking head', out.head], ['slides', out.slides]]) results[input] = await measure(lib, bin, file, dir);
    const before = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) : null;
    if (before && before.seconds !== SECONDS) console.log(`(baseline measured on ${before.seconds} s inputs, these are ${SECONDS} s)`);
    printTable(results, before);
    console.log(`   load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    if (process.env.BENCH_LADDER_SAVE) {
      writeFileSync(process.env.BENCH_LADDER_SAVE, `${JSON.stringify({ note: process.env.BENCH_LADDER_NOTE ?? '', seconds: SECONDS, results }, null, 2)}\n`);
    }
  } finally {
    if (process.env.BENCH_LADDER_KEEP === '1') console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
