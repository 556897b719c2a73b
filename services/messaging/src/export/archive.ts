import { EXPORT_SERVICES, RETENTION } from '@lbf/proto-events';
import { decodeExportPart } from '@lbf/service-kit';
import { receiptAttachment, type SiteIdentity, type TemplateData } from '../mail';
import { zip, type ZipEntry } from './zip';

/** What the archive's LISEZMOI.txt says, in French: what each file holds and how long the link lives. */
export function readme(site: SiteIdentity, requestedAt: Date): string {
  return [
    `Vos données sur ${site.siteName} (${site.publicUrl})`,
    `Export demandé le ${requestedAt.toISOString()} (UTC).`,
    '',
    'Chaque fichier JSON contient ce que l’une des parties du site garde à votre sujet :',
    '- identity.json : votre profil, l’historique de vos connexions (appareils, adresses IP), vos bannissements et leurs motifs, vos consentements, vos demandes de suppression et d’export ;',
    '- catalogue.json : les contenus que vous possédez, votre progression dans les vidéos, vos vues et vos copies de guides ;',
    '- commerce.json : vos commandes, reçus, tentatives de paiement et réclamations (sans aucun secret de paiement) ;',
    '- messaging.json : vos messages de contact et nos réponses, les messages de l’équipe, votre abonnement à la lettre d’information et son consentement, la liste des e-mails envoyés ;',
    '- analytics.json : ce que nos statistiques rattachent à votre compte (inscription, achats, vues, téléchargements) ;',
    '- recus/ : chacun de vos reçus de paiement en PDF.',
    '',
    `Le lien de téléchargement est valable ${RETENTION.exportArchiveHours} heures ; l’archive est ensuite supprimée.`,
  ].join('\n');
}

type Receipt = TemplateData['purchase_receipt'];

/** The receipts commerce's part lists, as the receipt mail's data (dates as strings, as the mail has them). */
function receiptsOf(commerce: Record<string, unknown>): Receipt[] {
  const list = Array.isArray(commerce.receipts) ? (commerce.receipts as Array<Record<string, unknown>>) : [];
  return list.map((r) => ({ ...(r as unknown as Receipt), firstName: null, completedAt: new Date(String(r.completedAt)).toISOString() }));
}

/**
 * The archive: LISEZMOI.txt, one JSON per service (its part as sent, indented), and each receipt as
 * the same PDF the receipt mail attaches, drawn with the site as it is now. `parts` holds each
 * service's encoded part (all five: the caller waits for them).
 */
export async function buildArchive(parts: ReadonlyMap<string, string>, site: SiteIdentity, requestedAt: Date, now: Date): Promise<Buffer> {
  const entries: ZipEntry[] = [{ name: 'LISEZMOI.txt', content: Buffer.from(readme(site, requestedAt)) }];
  let receipts: Receipt[] = [];
  for (const service of EXPORT_SERVICES) {
    const part = decodeExportPart(parts.get(service)!);
    entries.push({ name: `${service}.json`, content: Buffer.from(JSON.stringify(part, null, 2)) });
    if (service === 'commerce') receipts = receiptsOf(part);
  }
  for (const receipt of receipts) {
    const pdf = await receiptAttachment(receipt, site);
    entries.push({ name: `recus/${pdf.filename}`, content: pdf.content });
  }
  return zip(entries, now);
}
