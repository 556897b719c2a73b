import { API_KEY_PREFIX, fail, isApiScope, ok, type ApiScope, type Result } from '@lbf/service-kit';
import { createHash, randomBytes } from 'node:crypto';
import { validationError } from '../shared/errors';

/** The back-office's words for a key refused at its creation. */
export const apiKeyMessages = {
  nameRequired: 'Donnez un nom à la clé (80 caractères au plus).',
  scopesRequired: 'Choisissez au moins une permission connue.',
  costInvalid: 'Le budget doit être un nombre entier de points par minute, entre 1 et 100 000.',
  expiryInvalid: 'La date d’expiration doit être dans le futur, à deux ans au plus.',
  notFound: 'Clé d’API introuvable.',
} as const;

const MAX_COST_PER_MINUTE = 100_000;
const MAX_LIFETIME_MS = 2 * 366 * 24 * 3600 * 1000;

export interface NewApiKey {
  name: string;
  scopes: ApiScope[];
  costPerMinute: number;
  expiresAt: Date;
}

/** A creation request checked: a name, known scopes (each once), a budget, an expiry ahead of `now`. */
export function newApiKeyRequest(input: { name: string; scopes: string[]; costPerMinute: number; expiresAt: string }, now = new Date()): Result<NewApiKey> {
  const name = input.name.trim();
  if (!name || name.length > 80) return fail(validationError('name', apiKeyMessages.nameRequired));
  const scopes = [...new Set(input.scopes)];
  if (!scopes.length || !scopes.every(isApiScope)) return fail(validationError('scopes', apiKeyMessages.scopesRequired));
  if (!Number.isInteger(input.costPerMinute) || input.costPerMinute < 1 || input.costPerMinute > MAX_COST_PER_MINUTE) {
    return fail(validationError('costPerMinute', apiKeyMessages.costInvalid));
  }
  const expiresAt = new Date(input.expiresAt);
  const ahead = expiresAt.getTime() - now.getTime();
  if (Number.isNaN(ahead) || ahead <= 0 || ahead > MAX_LIFETIME_MS) return fail(validationError('expiresAt', apiKeyMessages.expiryInvalid));
  return ok({ name, scopes, costPerMinute: input.costPerMinute, expiresAt });
}

/** A new secret: the recognisable prefix and 32 random bytes (base64url). */
export function newSecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored of a secret, and what it is looked up by: its SHA-256 (hex). */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The few characters shown to recognise a key: the prefix and 4 of the secret. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 4);
}

export type ApiKeyStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED';

export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date }, now = new Date()): ApiKeyStatus {
  if (key.revokedAt) return 'REVOKED';
  return key.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'ACTIVE';
}
