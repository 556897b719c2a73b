import { renderContent, type SiteIdentity } from '../mail';
import type { MessagingSettings } from '../config';
import { dataExportMail } from './mail';
import { dataExportView } from './resolvers';
import type { ExportRow } from './store';
import { readme } from './archive';

const site: SiteIdentity = { siteName: 'LBF', logoUrl: null, contactEmail: 'contact@lbf.test', contactPhone: null, publicUrl: 'https://lbf.example' };
const evil = '<script>alert("x")</script>';

describe('the data export’s mail', () => {
  const url = 'https://lbf.example/donnees/export/AbC.dEf';

  it('gives the link, how long it works (24 hours, until when, in Cameroon time) and what to do if they did not ask; names escaped', () => {
    const mail = renderContent(dataExportMail({ firstName: evil, downloadUrl: url, expiresAt: '2026-11-28T13:46:00Z', byAdministrator: false }, site), site);
    expect(mail.subject).toBe('Vos données sont prêtes – LBF');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`Télécharger mes données : ${url}`);
    expect(mail.text).toContain('Le lien est valable 24 heures, jusqu’au 28 novembre 2026 à 14:46');
    expect(mail.text).toContain('L’export de vos données LBF que vous avez demandé est prêt.');
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de cette demande');
    expect(mail.html).not.toContain('<script>');
  });

  it('says when the team prepared it on their request', () => {
    const mail = renderContent(dataExportMail({ firstName: 'Yao', downloadUrl: url, expiresAt: '2026-11-28T13:46:00Z', byAdministrator: true }, site), site);
    expect(mail.text).toContain('À votre demande, notre équipe a préparé l’export de vos données LBF.');
  });
});

describe('User.dataExport', () => {
  const deps = { config: { publicUrl: 'https://lbf.example', mailLinkSecret: 'un-secret-de-test-assez-long-0123456789' } as MessagingSettings };
  const now = new Date('2026-11-27T12:00:00Z');
  const row: ExportRow = {
    id: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10',
    userId: '0b5c2a8e-3f1d-4c6b-9a7e-5d4c3b2a1f00',
    requestedBy: null,
    requestedAt: new Date('2026-11-27T11:59:00Z'),
    status: 'preparing',
    expiresAt: null,
    partsReady: 3,
  };
  const ready: ExportRow = { ...row, status: 'ready', expiresAt: new Date('2026-11-28T11:59:30Z'), partsReady: 0 };

  it('follows its preparation part by part', () => {
    expect(dataExportView(deps, row, now, true)).toMatchObject({ status: 'PREPARING', partsReady: 3, partsTotal: 5, downloadUrl: null, byAdministrator: false });
  });

  it('links the archive for the person alone, never for an administrator', () => {
    expect(dataExportView(deps, ready, now, true)).toMatchObject({ status: 'READY', partsReady: 5, downloadUrl: expect.stringMatching(/^https:\/\/lbf\.example\/donnees\/export\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });
    expect(dataExportView(deps, ready, now, false)).toMatchObject({ status: 'READY', downloadUrl: null });
  });

  it('shows nothing once the archive’s time is over', () => {
    expect(dataExportView(deps, ready, new Date('2026-11-28T11:59:30Z'), true)).toBeNull();
  });
});

describe('the archive’s LISEZMOI.txt', () => {
  it('names every file and the link’s life', () => {
    const text = readme(site, new Date('2026-11-27T11:59:00Z'));
    for (const f of ['identity.json', 'catalogue.json', 'commerce.json', 'messaging.json', 'analytics.json', 'recus/']) expect(text).toContain(f);
    expect(text).toContain('valable 24 heures');
  });
});
