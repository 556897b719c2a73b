'use strict';
/**
 * The `pdf` part of `npm run bench` (BENCH_ONLY=pdf runs it alone, without a stack): the time the
 * catalogue takes to stamp a buyer's copy of a 100-page guide (services/catalogue/src/media/pdf-stamp.ts:
 * footer and diagonal mark on every page in embedded DejaVu Sans, subject and keywords), as the
 * request does it at a buyer's first 'Lire' or 'Télécharger'. The guide is generated with pdf-lib:
 * text pages (about 40 lines of Helvetica each). It runs in its own process (bench.js forks it), so
 * the RSS it prints is the stamping's. It prints wall time and CPU time: on a busy machine the
 * CPU time is the figure to compare.
 *
 * Knobs (environment): BENCH_PDF_PAGES (100), BENCH_PDF_RUNS (9, after one warm-up run).
 */
const { availableParallelism, loadavg } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { root, buildStale } = require('../lib/build');

const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 100);
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 9);

const LINE = 'Les tisanes de camomille et de verveine aident à trouver le sommeil sans accoutumance.';

async function textGuide(pdfLib, pages) {
  const doc = await pdfLib.PDFDocument.create();
  const font = await doc.embedFont(pdfLib.StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Chapitre ${Math.floor(p / 10) + 1} — page ${p + 1}`, { x: 50, y: 790, size: 16, font });
    for (let l = 0; l < 40; l++) page.drawText(`${LINE} (${l + 1})`, { x: 50, y: 760 - l * 17, size: 10, font });
  }
  return doc.save();
}

const median = (sorted) => (sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main() {
  buildStale({ log: () => {}, web: false });
  const dist = join(root, 'services', 'catalogue', 'dist');
  const pdfLib = require(require.resolve('pdf-lib', { paths: [join(root, 'services', 'catalogue')] }));
  const { stampPdf } = require(join(dist, 'media', 'pdf-stamp.js'));
  const { licenceStamp } = require(join(dist, 'media', 'pdf-licence.js'));

  const original = await textGuide(pdfLib, PAGES);
  const licence = licenceStamp({ orderId: '3f1c2b7a-8d3b-4a57-9d7e-2f9f4f1b6a10', receiptNumber: 'LBF-2026-000042', buyerName: 'Ŋgono Ɛyenga', buyerEmail: 'ngono.eyenga@example.cm' });
  await stampPdf(original, licence); // warm-up: reads the font, JIT
  const rssBefore = process.memoryUsage().rss;
  const times = [];
  const cpu = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    size = (await stampPdf(original, licence)).length;
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(`\nPDF stamp: a ${PAGES}-page text guide (${mib(original.length)} -> ${mib(size)} stamped), ${RUNS} runs after a warm-up, in one process`);
  console.log(`   p50 ${median(times).toFixed(0)} ms   min ${times[0].toFixed(0)} ms   max ${times[times.length - 1].toFixed(0)} ms   RSS ${mib(process.memoryUsage().rss)} (${mib(rssBefore)} before the runs)`);
  // CPU time (this process, all threads): the cost itself, which a busy machine's wall clock hides.
  console.log(`   CPU time p50 ${median(cpu).toFixed(0)} ms   (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
