/** What the other rooms (and app.ts) may use of media. */
export { claimUploads, verifyUploads, type VerifiedUpload } from './uploads';
export { clearProcessingAlert } from './processing/processing-alerts';
export { hlsObjectKey, hlsVideoPrefix, stampedPdfKey, type StreamScope } from './processing/hls-layout';
export { BUNDLED_FFMPEG, ffmpegStdout, runFfmpeg } from './processing/ffmpeg';
// pdf-lib and its fontkit are a fifth of the catalogue's module loading, which is most of a restart
// (`npm run bench`, part recovery): required with the first PDF read or stamped, not at boot.
/* eslint-disable @typescript-eslint/no-require-imports */
const pdfPages = () => require('./pdf-pages') as typeof import('./pdf-pages');
const pdfStamp = () => require('./pdf-stamp') as typeof import('./pdf-stamp');
/* eslint-enable @typescript-eslint/no-require-imports */
export const readPdfFacts: ReturnType<typeof pdfPages>['readPdfFacts'] = (bytes) => pdfPages().readPdfFacts(bytes);
export const countPdfPages: ReturnType<typeof pdfPages>['countPdfPages'] = (bytes) => pdfPages().countPdfPages(bytes);
export const stampPdf: ReturnType<typeof pdfStamp>['stampPdf'] = (...args) => pdfStamp().stampPdf(...args);
export { licenceStamp } from './pdf-licence';
export { parseByteRange } from './byte-range';
export { MediaSigner, type StreamGrant } from './signing';
export { MediaUrls } from './media-urls';
export { createObjectStore, type ObjectStore } from './storage';
export type { Bucket } from '../shared/buckets';
export { VariantCache } from './image-variants';
export { CATALOGUE_JOB_NAMES, CATALOGUE_JOB_RECOVERY, catalogueAfterCommit, LESSON_DATA_PURGE_SCHEDULER, type CatalogueJobs, type CatalogueQueues } from './jobs';
export { mediaModule } from './media.module';
