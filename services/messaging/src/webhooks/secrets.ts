import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The subscriptions' signing secrets, encrypted at rest (AES-256-GCM): they must be read back to
 * sign, so they cannot be hashed as API keys are. The key comes from the config
 * (WEBHOOK_SECRET_KEY, or derived from MAIL_LINK_SECRET); a database dump alone reveals none.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(`lbf-webhook-secrets:${keyMaterial}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown webhook secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
