import { bearerToken, type AccessTokenVerifier } from '@lbf/service-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forwardedHeaders } from './forward-headers';
import type { GatewayContext } from './subgraph-data-source';

export type RequestContext = (request: { req: IncomingMessage; res: ServerResponse; ip: string | undefined }) => Promise<GatewayContext>;

/**
 * An operation's context: the caller as its access token says (verified, revocations checked), the
 * headers passed on to the subgraphs, and the response that receives their Set-Cookie.
 * `onAdminRequest` runs for an administrator's request (the server-rendered pages are forgotten).
 */
export function requestContext(verifier: AccessTokenVerifier, onAdminRequest?: (res: ServerResponse) => void): RequestContext {
  return async ({ req, res, ip }) => {
    const auth = await verifier.verify(bearerToken(req.headers.authorization));
    if (onAdminRequest && auth?.roles.includes('admin')) onAdminRequest(res);
    return { auth, forward: forwardedHeaders(req.headers, ip), res };
  };
}
