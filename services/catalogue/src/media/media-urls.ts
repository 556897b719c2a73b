import type { Bucket, ObjectStore } from './storage';

/**
 * Signed read URLs. Files (videos, PDFs) get ~10-minute URLs made fresh on each request. Images
 * shown on public pages get URLs that stay identical for a 30-minute window (and are valid for
 * at least 30 minutes), so browsers and Apollo's cache can reuse them.
 */
export class MediaUrls {
  constructor(
    private readonly store: ObjectStore,
    private readonly readTtlSeconds = 600,
    private readonly imageWindowSeconds = 1800,
  ) {}

  async image(bucket: Bucket, key: string | null, now = Date.now()): Promise<string | null> {
    if (!key) return null;
    const windowMs = this.imageWindowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    return this.store.presignedDownloadUrl(bucket, key, { expiresAt: new Date(start + 2 * windowMs), signedAt: new Date(start) });
  }

  async file(bucket: Bucket, key: string, downloadName?: string, now = Date.now()): Promise<{ url: string; expiresAt: Date }> {
    const expiresAt = new Date(now + this.readTtlSeconds * 1000);
    return { url: await this.store.presignedDownloadUrl(bucket, key, { expiresAt, downloadName }), expiresAt };
  }
}
