/** What the other rooms (and app.ts) may use of media. */
export { claimUploads, verifyUploads, type VerifiedUpload } from './uploads';
export { clearProcessingAlert } from './processing/processing-alerts';
export { hlsObjectKey, hlsVideoPrefix, stampedPdfKey, type StreamScope } from './processing/hls-layout';
export { BUNDLED_FFMPEG, ffmpegStdout, runFfmpeg } from './processing/ffmpeg';
export { countPdfPages, readPdfFacts } from './pdf-pages';
export { stampPdf } from './pdf-stamp';
export { licenceStamp } from './pdf-licence';
export { parseByteRange } from './byte-range';
export { MediaSigner, type StreamGrant } from './signing';
export { MediaUrls } from './media-urls';
export { createObjectStore, type ObjectStore } from './storage';
export type { Bucket } from '../shared/buckets';
export { VariantCache } from './image-variants';
export { CATALOGUE_JOB_NAMES, CATALOGUE_JOB_RECOVERY, catalogueAfterCommit, type CatalogueJobs, type CatalogueQueues } from './jobs';
export { mediaModule } from './media.module';
