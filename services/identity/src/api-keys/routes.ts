import { sendJson, type Logger } from '@lbf/service-kit';
import express, { type Express } from 'express';
import type { IdentityDeps } from '../deps';
import type { AccessTokenIssuer } from '../sessions/access-tokens';
import { exchangeApiKey } from './exchange-api-key';

/** The gateway's route (behind the kit's gateway secret, as every route): an API key for an integration token. */
export const API_KEY_EXCHANGE_PATH = '/internal/api-keys/exchange';

export function apiKeyRoutes(deps: IdentityDeps & { tokens: AccessTokenIssuer; log: Logger }) {
  return (app: Express) => {
    app.post(API_KEY_EXCHANGE_PATH, express.json({ limit: '2kb' }), async (req, res) => {
      const secret = (req.body as { secret?: unknown } | undefined)?.secret;
      if (typeof secret !== 'string' || secret.length > 200) {
        sendJson(res, 400, { refused: 'UNKNOWN' });
        return;
      }
      try {
        const answer = await exchangeApiKey(deps, secret);
        if ('refused' in answer) sendJson(res, 401, answer);
        else sendJson(res, 200, { token: answer.token, expiresAt: answer.expiresAt.toISOString(), costPerMinute: answer.costPerMinute });
      } catch (err) {
        deps.log.error({ err }, 'api key exchange failed');
        sendJson(res, 500, { error: 'internal' });
      }
    });
  };
}
