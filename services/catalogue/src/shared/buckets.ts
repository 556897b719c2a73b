/** What an upload is for; decides its bucket, the content it must have and its size limit. */
export const UPLOAD_KINDS = ['VIDEO', 'THUMBNAIL', 'PDF', 'ILLUSTRATION'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export type Bucket = 'videos' | 'pdfs';
export const BUCKETS: readonly Bucket[] = ['videos', 'pdfs'];
