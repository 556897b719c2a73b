/** Who is asking, as far as the HTTP request tells (the kit's context: the IP from the gateway only). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The rate limiters' key for the requester's address. */
export function ipKey(meta: RequestMeta): string {
  return meta.ip ?? 'unknown';
}
