import { bearerToken, type AccessTokenVerifier } from '@lbf/service-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiKey, type ApiKeyExchange } from './api-keys';
import { forwardedHeaders } from './forward-headers';
import type { GatewayContext } from './subgraph-data-source';

export type RequestContext = (request: { req: IncomingMessage; res: ServerResponse; ip: string | undefined }) => Promise<GatewayContext>;

/**
 * An operation's context: the caller as its access token says (verified, revocations checked), the
 * headers passed on to the subgraphs, and the response that receives their Set-Cookie.
 * `onAdminRequest` runs for an administrator's request (the server-rendered pages are forgotten).
 */
export function requestContext(verifier: AccessTokenVerifier, onAdminRequest?: (res: ServerResponse) => void, apiKeys?: ApiKeyExchange): RequestContext {
  return async ({ req, res, ip }) => {
    const bearer = bearerToken(req.headers.authorization);
    // An integration's API key: the subgraphs receive its integration token, never the key; no cookie (never a person).
    if (apiKeys && isApiKey(bearer)) {
      const { integration, token } = await apiKeys.resolve(bearer);
      const { cookie: _cookie, ...forward } = forwardedHeaders(req.headers, ip);
      return { auth: null, integration, forward: { ...forward, authorization: `Bearer ${token}` }, res };
    }
    const auth = await verifier.verify(bearer);
    if (onAdminRequest && auth?.roles.includes('admin')) onAdminRequest(res);
    return { auth, forward: forwardedHeaders(req.headers, ip), res };
  };
}
