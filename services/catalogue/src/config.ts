import { baseConfigFrom, baseEnv, DEFAULT_PUBLIC_URL, frozenConfig, publicUrlVariable, parseConfig, type BaseConfig, baseSettingsDefaults } from '@lbf/service-kit';
import { join } from 'node:path';
import { z } from 'zod';
import { BUNDLED_FFMPEG } from './media/processing/ffmpeg';
import { DEFAULT_PREVIEW_LIMITS, DEFAULT_STREAM_TTL_SECONDS, MAX_STREAM_TTL_SECONDS, type PreviewLimitRules } from './playback/rules';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './media/upload-rules';
import type { S3Config } from './media/storage/minio-store';

export interface CatalogueConfig extends BaseConfig {
  /** Folder of the local disk store (used when no S3 endpoint is set). */
  mediaDir: string;
  /** Secret of the HMAC that signs local media URLs and upload tokens. */
  mediaSigningSecret: string;
  /** Site origin (the gateway), e.g. http://localhost:4000; local media URLs are relative to it. */
  publicUrl?: string;
  /** MinIO / S3; when set, media go there instead of the local disk. */
  s3?: S3Config;
  limits?: Partial<UploadLimits>;
  /** How long a signed upload URL may be started; default 900 s. */
  uploadUrlTtlSeconds?: number;
  /** After its URL expired, how long an unused upload is kept before the cleanup job deletes it; default 6 h. */
  uploadRetentionSeconds?: number;
  /** How often the cleanup job looks for abandoned uploads; default 5 min. */
  uploadCleanupEveryMs?: number;
  /** How often the sweep re-queues videos left pending/processing without a live job (15 s by default). */
  videoSweepEveryMs?: number;
  /** How long such a row must have stood still first (30 s by default). */
  videoSweepAfterMs?: number;
  /** Lifetime of signed read URLs (admin playback, PDF downloads); default 600 s. */
  readUrlTtlSeconds?: number;
  /** Lifetime of a playback session's stream token; default 2 h, stretched for longer videos, 6 h at most. */
  streamTokenTtlSeconds?: number;
  /** Free-preview sessions a signed-out visitor may start, per visitor and per IP (DEFAULT_PREVIEW_LIMITS). */
  previewLimits?: Partial<PreviewLimitRules>;
  /** Deliveries of a failing event before the consumer parks it (the kit's default when unset). */
  eventMaxDeliver?: number;
  /** Path or name of the ffmpeg binary; the bundled @ffmpeg-installer one by default. */
  ffmpegPath?: string;
}

/** <repo>/.data/media, from src/ or dist/ alike. */
export const DEFAULT_MEDIA_DIR = join(__dirname, '..', '..', '..', '.data', 'media');

/** Where media live; shared by the service and the seed command. */
export const mediaEnvShape = {
  MEDIA_DIR: z.string().min(1).default(DEFAULT_MEDIA_DIR),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  FFMPEG_PATH: z.string().min(1).default(BUNDLED_FFMPEG),
};

type MediaEnv = z.infer<z.ZodObject<typeof mediaEnvShape>>;

export function requireS3Keys(env: Partial<MediaEnv>, ctx: z.RefinementCtx): void {
  if (env.S3_ENDPOINT && (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY'], message: 'S3_ACCESS_KEY and S3_SECRET_KEY are required with S3_ENDPOINT' });
  }
}

export function s3FromEnv(e: MediaEnv): S3Config | undefined {
  return e.S3_ENDPOINT
    ? { endpoint: e.S3_ENDPOINT, publicEndpoint: e.S3_PUBLIC_ENDPOINT, accessKey: e.S3_ACCESS_KEY!, secretKey: e.S3_SECRET_KEY!, region: e.S3_REGION }
    : undefined;
}

export const catalogueEnv = baseEnv
  .extend({
    PUBLIC_URL: publicUrlVariable.default(DEFAULT_PUBLIC_URL),
    MEDIA_SIGNING_SECRET: z.string().min(16, 'required: at least 16 random characters'),
    ...mediaEnvShape,
    MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_LIMITS.videoBytes),
    MAX_PDF_BYTES: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_LIMITS.pdfBytes),
    MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(DEFAULT_UPLOAD_LIMITS.imageBytes),
    STREAM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(MAX_STREAM_TTL_SECONDS).default(DEFAULT_STREAM_TTL_SECONDS),
  })
  .superRefine(requireS3Keys);

/** Reads the environment once; throws a ConfigError naming every bad variable. */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): CatalogueConfig {
  const e = parseConfig(catalogueEnv, source);
  return {
    ...baseConfigFrom('catalogue', e),
    mediaDir: e.MEDIA_DIR,
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
    publicUrl: e.PUBLIC_URL,
    s3: s3FromEnv(e),
    limits: { videoBytes: e.MAX_VIDEO_BYTES, pdfBytes: e.MAX_PDF_BYTES, imageBytes: e.MAX_IMAGE_BYTES },
    ffmpegPath: e.FFMPEG_PATH,
    streamTokenTtlSeconds: e.STREAM_TOKEN_TTL_SECONDS,
  };
}

/**
 * Every setting of the running catalogue that `fromEnv` or a test may leave out, with its default:
 * decided here once, in zod, so the rooms read `settings.x` and never `x ?? …`.
 */
const rate = (points: number, durationSeconds: number) => z.object({ points: z.number().int().positive(), durationSeconds: z.number().int().positive() }).prefault({ points, durationSeconds });
const settingsSchema = z.object({
  ...baseSettingsDefaults,
  limits: z
    .object({
      videoBytes: z.number().default(DEFAULT_UPLOAD_LIMITS.videoBytes),
      pdfBytes: z.number().default(DEFAULT_UPLOAD_LIMITS.pdfBytes),
      imageBytes: z.number().default(DEFAULT_UPLOAD_LIMITS.imageBytes),
    })
    .prefault({}),
  uploadUrlTtlSeconds: z.number().default(900),
  uploadRetentionSeconds: z.number().default(6 * 3600),
  uploadCleanupEveryMs: z.number().default(5 * 60_000),
  videoSweepEveryMs: z.number().default(15_000),
  videoSweepAfterMs: z.number().default(30_000),
  readUrlTtlSeconds: z.number().default(600),
  streamTokenTtlSeconds: z.number().default(DEFAULT_STREAM_TTL_SECONDS),
  previewLimits: z
    .object({
      sessionsPerVisitor: rate(DEFAULT_PREVIEW_LIMITS.sessionsPerVisitor.points, DEFAULT_PREVIEW_LIMITS.sessionsPerVisitor.durationSeconds),
      sessionsPerIp: rate(DEFAULT_PREVIEW_LIMITS.sessionsPerIp.points, DEFAULT_PREVIEW_LIMITS.sessionsPerIp.durationSeconds),
    })
    .prefault({}),
  ffmpegPath: z.string().min(1).default(BUNDLED_FFMPEG),
});

/** The catalogue's config with every setting decided (settingsSchema), frozen. */
export function catalogueSettings(config: CatalogueConfig) {
  return frozenConfig({ ...config, ...settingsSchema.parse(config) });
}

/** The catalogue's settings, every one decided (see catalogueSettings). */
export type CatalogueSettings = ReturnType<typeof catalogueSettings>;
