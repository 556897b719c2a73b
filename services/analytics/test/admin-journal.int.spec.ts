import type { AdminActionRecorded } from '@lbf/proto-events';
import { readSpreadsheetCsv, TEST_REDIS_URL, until } from '@lbf/service-kit/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { setupAnalytics, type AnalyticsHarness } from './harness';

let t: AnalyticsHarness;
/** analytics' own role, as the service connects: what the table must refuse is refused to it. */
let role: Client;

beforeAll(async () => {
  t = await setupAnalytics();
  role = new Client({ connectionString: t.env.db.urlFor('analytics') });
  await role.connect();
  await role.query('SET search_path = analytics');
});

afterAll(async () => {
  await role?.end();
  await t?.teardown();
});

const mariam = { userId: randomUUID(), name: 'Mariam Admin', email: 'mariam@lbf.test' };
const eloise = { userId: randomUUID(), name: 'Éloïse Mbarga', email: 'eloise@lbf.test' };

function entry(over: Partial<AdminActionRecorded> = {}): AdminActionRecorded {
  return {
    action: 'user.banned',
    actor: mariam,
    origin: 'back-office',
    ip: '10.1.2.3',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    target: { type: 'user', id: randomUUID(), label: 'Jean Éboué <jean@exemple.test>' },
    details: { reason: 'Fraude' },
    occurredAt: new Date().toISOString(),
    ...over,
  };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const JOURNAL = `query Journal($filter: AdminJournalFilter, $page: Int, $pageSize: Int) {
  adminJournal(filter: $filter, page: $page, pageSize: $pageSize) {
    total page pageSize totalPages retentionDays
    items { id occurredAt origin actorId actorName actorEmail ip userAgent service action actionLabel targetType targetTypeLabel targetId targetLabel details }
  }
}`;

interface Page {
  total: number;
  retentionDays: number;
  items: Array<Record<string, unknown> & { id: string; action: string; details: string }>;
}

async function journal(filter: Record<string, unknown> | null = null, page = 1, pageSize = 25): Promise<Page> {
  return (await t.asAdmin().data<{ adminJournal: Page }>(JOURNAL, { filter, page, pageSize })).adminJournal;
}

describe('the administrators’ journal', () => {
  const ban = entry();
  const refund = entry({
    action: 'order.refunded',
    actor: eloise,
    ip: '10.9.9.9',
    target: { type: 'order', id: randomUUID(), label: 'Les tisanes du soir — awa@exemple.test' },
    details: { reason: 'Doublon', statusBefore: 'completed' },
    occurredAt: daysAgo(3),
  });
  const article = entry({ action: 'article.updated', target: { type: 'article', id: randomUUID(), label: 'Le moringa' }, details: { title: { before: 'Moringa', after: 'Le moringa' } }, occurredAt: daysAgo(1) });
  const created = entry({ action: 'admin.created', actor: { userId: null, name: null, email: null }, origin: 'command-line', ip: null, userAgent: 'admin:create (serveur-1)', occurredAt: daysAgo(10) });
  let ids: Record<'ban' | 'refund' | 'article' | 'created', string>;

  beforeAll(async () => {
    const published = {
      ban: await t.ev.publish('identity.admin.action_recorded', ban),
      refund: await t.ev.publish('commerce.admin.action_recorded', refund),
      article: await t.ev.publish('catalogue.admin.action_recorded', article),
      created: await t.ev.publish('identity.admin.action_recorded', created),
    };
    // A redelivery (the same event under another message id) and a replay of the same envelope.
    await t.ev.redeliver(published.ban);
    await t.ev.redeliver(published.refund);
    await t.ev.drained();
    ids = { ban: published.ban.id, refund: published.refund.id, article: published.article.id, created: published.created.id };
  });

  it('keeps one entry per action, newest first, with who, when, from where, what and on what', async () => {
    const page = await journal();
    expect(page).toMatchObject({ total: 4, retentionDays: 1825 });
    expect(page.items.map((i) => i.id)).toEqual([ids.ban, ids.article, ids.refund, ids.created]);
    expect(page.items[0]).toEqual({
      id: ids.ban,
      occurredAt: ban.occurredAt,
      origin: 'BACK_OFFICE',
      actorId: mariam.userId,
      actorName: 'Mariam Admin',
      actorEmail: 'mariam@lbf.test',
      ip: '10.1.2.3',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      service: 'identity',
      action: 'user.banned',
      actionLabel: 'Utilisateur banni',
      targetType: 'user',
      targetTypeLabel: 'Utilisateur',
      targetId: ban.target.id,
      targetLabel: 'Jean Éboué <jean@exemple.test>',
      details: JSON.stringify({ reason: 'Fraude' }),
    });
    expect(page.items[3]).toMatchObject({ origin: 'COMMAND_LINE', actorId: null, ip: null, userAgent: 'admin:create (serveur-1)', actionLabel: 'Administrateur créé (ligne de commande)' });
  });

  it('adds nothing for a redelivered event', async () => {
    const { rows } = await t.sql.query('SELECT id, count(*)::int AS n FROM analytics.admin_journal GROUP BY id');
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('filters by administrator, action, target type, dates (site days) and free text, accents and case ignored', async () => {
    const idsOf = async (filter: Record<string, unknown>) => (await journal(filter)).items.map((i) => i.id);
    expect(await idsOf({ actor: eloise.userId })).toEqual([ids.refund]);
    expect(await idsOf({ actor: 'COMMAND_LINE' })).toEqual([ids.created]);
    expect(await idsOf({ action: 'article.updated' })).toEqual([ids.article]);
    expect(await idsOf({ targetType: 'user' })).toEqual([ids.ban, ids.created]);
    expect(await idsOf({ from: daysAgo(4).slice(0, 10), to: daysAgo(2).slice(0, 10) })).toEqual([ids.refund]);
    expect(await idsOf({ search: 'EBOUE' })).toEqual([ids.ban, ids.created]);
    expect(await idsOf({ search: 'eloise@' })).toEqual([ids.refund]);
    expect(await idsOf({ search: '10.9.9' })).toEqual([ids.refund]);
    expect(await idsOf({ search: 'remboursée' })).toEqual([ids.refund]);
    expect(await idsOf({ search: '100%_' })).toEqual([]);
    const paged = await journal(null, 2, 3);
    expect(paged).toMatchObject({ total: 4, items: [{ id: ids.created }] });
  });

  it('offers the filters’ choices: who has entries (the command line last), every action and target type', async () => {
    const { adminJournalFilters: f } = await t.asAdmin().data<{ adminJournalFilters: { actors: unknown[]; actions: Array<{ value: string }>; targetTypes: Array<{ value: string }> } }>(
      '{ adminJournalFilters { actors { value label } actions { value label } targetTypes { value label } } }',
    );
    expect(f.actors).toEqual([
      { value: eloise.userId, label: 'Éloïse Mbarga <eloise@lbf.test>' },
      { value: mariam.userId, label: 'Mariam Admin <mariam@lbf.test>' },
      { value: 'COMMAND_LINE', label: 'Ligne de commande' },
    ]);
    expect(f.actions).toContainEqual({ value: 'campaign.sent', label: 'Newsletter envoyée' });
    expect(f.targetTypes).toContainEqual({ value: 'order', label: 'Commande' });
  });

  it('exports what the filter finds as admin-journal.csv (the kit’s French spreadsheet format)', async () => {
    const { exportAdminJournalCsv: csv } = await t.asAdmin().data<{ exportAdminJournalCsv: string }>(
      'query Csv($filter: AdminJournalFilter) { exportAdminJournalCsv(filter: $filter) }',
      { filter: { actor: eloise.userId } },
    );
    const { header, rows } = readSpreadsheetCsv(csv);
    expect(header).toEqual(['Date', 'Administrateur', 'E-mail', 'Adresse IP', 'Navigateur', 'Action', 'Type de cible', 'Cible', 'Identifiant de la cible', 'Détails', 'Service', 'Identifiant']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      'Éloïse Mbarga <eloise@lbf.test>',
      'eloise@lbf.test',
      '10.9.9.9',
      'Mozilla/5.0 (X11; Linux x86_64)',
      'Commande remboursée',
      'Commande',
      'Les tisanes du soir — awa@exemple.test',
      refund.target.id,
      JSON.stringify(refund.details),
      'commerce',
      ids.refund,
    ]);
  });

  it('refuses a customer and a visitor', async () => {
    for (const caller of [t.as(t.newUser()), t.visitor()]) {
      const res = await caller.gql(JOURNAL, {});
      expect(res.errors?.[0]?.extensions?.code).toBe(caller.user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
      expect(res.data?.adminJournal ?? null).toBeNull();
      const csv = await caller.gql('{ exportAdminJournalCsv }', {});
      expect(csv.errors?.[0]?.extensions?.code).toBe(caller.user ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE from the service’s own role', async () => {
    await expect(role.query(`UPDATE admin_journal SET actor_name = 'Quelqu''un' WHERE id = $1`, [ids.ban])).rejects.toMatchObject({ code: '42501' });
    await expect(role.query(`DELETE FROM admin_journal WHERE id = $1`, [ids.ban])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(role.query(`TRUNCATE admin_journal`)).rejects.toMatchObject({ code: '42501' });
    // Not even with the purge's flag set by hand: an entry younger than a year stays.
    await role.query('BEGIN');
    try {
      await role.query(`SELECT set_config('lbf.admin_journal_purge', 'on', true)`);
      await expect(role.query(`DELETE FROM admin_journal WHERE id = $1`, [ids.ban])).rejects.toThrow(/append-only/);
    } finally {
      await role.query('ROLLBACK');
    }
    const { rows } = await t.sql.query('SELECT actor_name FROM analytics.admin_journal WHERE id = $1', [ids.ban]);
    expect(rows).toEqual([{ actor_name: 'Mariam Admin' }]);
  });

  it('lets the nightly job purge what is past the retention (5 years) through its one door, never less than a year old', async () => {
    const old = await t.ev.publish('messaging.admin.action_recorded', entry({ action: 'campaign.sent', target: { type: 'campaign', id: randomUUID(), label: 'Bonne année' }, details: {}, occurredAt: daysAgo(6 * 365) }));
    const kept = await t.ev.publish('messaging.admin.action_recorded', entry({ action: 'message.sent', target: { type: 'message', id: randomUUID(), label: 'Bienvenue' }, details: {}, occurredAt: daysAgo(4 * 365) }));
    await t.ev.drained();
    await expect(role.query(`DELETE FROM admin_journal WHERE id = $1`, [old.id])).rejects.toThrow(/append-only/);
    await expect(role.query('SELECT purge_admin_journal(30, 100)')).rejects.toThrow(/at least 365 days/);

    const queue = new Queue('analytics', { connection: { url: TEST_REDIS_URL }, prefix: t.redisKeyPrefix });
    try {
      await queue.add('rollup-visits', {});
      await until(async () => ((await t.sql.query('SELECT 1 FROM analytics.admin_journal WHERE id = $1', [old.id])).rowCount === 0 ? true : null), 10_000, 'the 6-year-old entry purged');
    } finally {
      await queue.close();
    }
    expect((await t.sql.query('SELECT 1 FROM analytics.admin_journal WHERE id = $1', [kept.id])).rowCount).toBe(1);
    expect((await journal()).total).toBe(5);
  });
});
