/**
 * Issue 24, the public API: what an integration's key may be allowed (its scopes). The one list:
 * identity validates a new key's scopes against it, each subgraph asks `requireScope(ctx, scope)`
 * on the fields an integration may reach, the back-office « API » page reads it through identity.
 */
export const API_SCOPES = {
  'catalogue:read': 'Lecture du catalogue',
  'orders:read': 'Lecture des commandes',
  'customers:read': 'Lecture des clients',
  'statistics:read': 'Lecture des statistiques',
  'content:write': 'Écriture du contenu',
} as const;

export type ApiScope = keyof typeof API_SCOPES;

export function isApiScope(value: string): value is ApiScope {
  return Object.prototype.hasOwnProperty.call(API_SCOPES, value);
}

/** What an API key's secret starts with: the gateway tells it from a person's JWT by this prefix. */
export const API_KEY_PREFIX = 'lbf_live_';

/**
 * The audience of the short-lived token identity signs for an API key (never `lbf`, a person's):
 * a person's verification refuses it, an integration's accepts only it.
 */
export const INTEGRATION_TOKEN_AUDIENCE = 'lbf-integration';

/** An integration calling through its API key: never a person, never an administrator. */
export interface Integration {
  keyId: string;
  name: string;
  scopes: ApiScope[];
  /** The key's cost budget, points per minute (enforced at the gateway). */
  costPerMinute: number;
}
