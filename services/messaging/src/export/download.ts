import type { Express, Response } from 'express';
import { readSignedIdToken } from '../newsletter/tokens';
import type { MessagingDeps } from '../shared/deps';
import { DOWNLOAD_PATH, EXPORT_TOKEN_LABEL } from './assemble';
import { readyArchive } from './store';

const text = (res: Response, status: number, body: string) => res.status(status).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(body);

export const EXPORT_LINK_GONE = 'Ce lien de téléchargement est invalide ou a expiré. Vous pouvez demander un nouvel export depuis « Mes données ».';

/**
 * GET /donnees/export/:token: the archive, to whoever holds the link the person was mailed (or
 * shown in « Mes données », to them alone): signed with MAIL_LINK_SECRET, good while the archive is
 * (RETENTION.exportArchiveHours). Anything else, a forged or expired link, answers 404 the same way.
 * Relayed by the gateway from the public origin.
 */
export function downloadRoutes(deps: MessagingDeps) {
  return (app: Express) => {
    app.get(`${DOWNLOAD_PATH}/:token`, async (req, res) => {
      try {
        const exportId = readSignedIdToken(deps.config.mailLinkSecret, EXPORT_TOKEN_LABEL, String(req.params.token));
        const found = exportId ? await readyArchive(deps.ds.manager, exportId, deps.now()) : null;
        if (!found) return void text(res, 404, EXPORT_LINK_GONE);
        const day = found.requestedAt.toISOString().slice(0, 10);
        res
          .status(200)
          .set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Content-Disposition': `attachment; filename="lbf-mes-donnees-${day}.zip"` })
          .type('application/zip')
          .send(found.archive);
      } catch (err) {
        deps.log.error({ err }, 'data export download failed');
        text(res, 500, "Une erreur inattendue s'est produite.");
      }
    });
  };
}
