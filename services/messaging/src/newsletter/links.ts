import express, { type Express } from 'express';
import type { MessagingDeps } from '../shared/deps';
import { recordClick } from './store';
import { unsubscribeWithToken } from './subscribe';
import { readLinkToken } from './tokens';

/** The one-click unsubscribe (RFC 8058) that mail clients POST to, and the tracked links. */
export const ONE_CLICK_PATH = '/newsletter/desinscription/:token';
export const TRACKED_LINK_PATH = '/newsletter/lien/:token';

/** The URL a tracked link stands for, its click counted; null when the token is not ours. */
export async function followTrackedLink(deps: MessagingDeps, token: string): Promise<string | null> {
  const ids = readLinkToken(deps.config.mailLinkSecret, token);
  if (!ids) return null;
  return recordClick(deps.ds.manager, ids.linkId, ids.subscriberId, deps.now());
}

const text = (res: express.Response, status: number, body: string) => {
  res.status(status).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(body);
};

/**
 * POST /newsletter/desinscription/:token: what a mail client sends for the List-Unsubscribe
 * button (body `List-Unsubscribe=One-Click`, no cookie, no session): unsubscribed at once, 200.
 * GET /newsletter/lien/:token: the click counted, then a 302 to the campaign's own URL (only URLs
 * stored with the campaign: never an open redirect). The gateway relays both from the public origin.
 */
export function newsletterRoutes(deps: MessagingDeps) {
  return (app: Express) => {
    app.post(ONE_CLICK_PATH, express.urlencoded({ extended: false, limit: '2kb' }), async (req, res) => {
      try {
        const done = await unsubscribeWithToken(deps, String(req.params.token));
        if (done.ok) text(res, 200, 'Vous êtes désinscrit(e) de la newsletter.');
        else text(res, 400, 'Ce lien de désinscription est invalide.');
      } catch (err) {
        deps.log.error({ err }, 'one-click unsubscribe failed');
        text(res, 500, "Une erreur inattendue s'est produite.");
      }
    });
    app.get(TRACKED_LINK_PATH, async (req, res) => {
      try {
        const url = await followTrackedLink(deps, String(req.params.token));
        if (!url) {
          text(res, 404, 'Lien introuvable.');
          return;
        }
        res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').redirect(302, url);
      } catch (err) {
        deps.log.error({ err }, 'tracked link failed');
        text(res, 500, "Une erreur inattendue s'est produite.");
      }
    });
  };
}
