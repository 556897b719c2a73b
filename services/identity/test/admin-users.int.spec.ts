import { readSpreadsheetCsv, SPREADSHEET_DATE_TIME, spreadsheetReadsAsFormula, withHarness } from '@lbf/service-kit/testing';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import type { User } from '../src/shared/user';
import { type Account, identityHarness, type Loose } from './harness';

const ADMIN_USERS = `query Users($search: String, $sort: UserSort, $direction: SortDirection, $page: Int, $pageSize: Int) {
  adminUsers(search: $search, sort: $sort, direction: $direction, page: $page, pageSize: $pageSize) {
    total page pageSize totalPages
    items { id email fullName phone createdAt isAdmin isBanned ban { reason bannedAt bannedBy { id fullName } } }
  }
}`;
const STATS = `query { adminUserStats { total active banned newLast30Days } }`;
const EXPORT = `query Export($search: String, $sort: UserSort, $direction: SortDirection) { exportUsersCsv(search: $search, sort: $sort, direction: $direction) }`;
const UNBAN = `mutation Unban($input: UnbanUserInput!) { unbanUser(input: $input) { user { id isBanned } error { code message field } } }`;
const ENTITIES = `query Entities($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id fullName email isBanned ban { reason } } } }`;

/** A user written straight into the table (the sign-up's rules are not what these tests are about). */
interface Seeded extends User {
  banned: boolean;
  purchases: number;
  totalXaf: number;
}

/** The search key the table sorts NAME by, as the service documents it. */
const nameKey = (u: Seeded) =>
  `${u.firstName} ${u.lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe');

type Sort = 'NAME' | 'EMAIL' | 'PHONE' | 'CREATED_AT' | 'STATUS' | 'PURCHASES' | 'TOTAL_SPENT';
const SORT_KEY: Record<Sort, (u: Seeded) => string | number | null> = {
  NAME: nameKey,
  EMAIL: (u) => u.email,
  PHONE: (u) => u.phone,
  CREATED_AT: (u) => u.createdAt.getTime(),
  STATUS: (u) => (u.banned ? 1 : 0),
  PURCHASES: (u) => u.purchases,
  TOTAL_SPENT: (u) => u.totalXaf,
};

/** The order the table promises: by the column, missing phones last, then by id, both in the direction asked. */
function expectedOrder(users: Seeded[], sort: Sort, direction: 'ASC' | 'DESC'): string[] {
  const sign = direction === 'ASC' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...users]
    .sort((a, b) => {
      const ka = SORT_KEY[sort](a);
      const kb = SORT_KEY[sort](b);
      if (ka === null || kb === null) {
        if (ka !== kb) return ka === null ? 1 : -1;
      } else if (ka !== kb) return sign * cmp(ka, kb);
      return sign * cmp(a.id, b.id);
    })
    .map((u) => u.id);
}

describe('the administrators’ users table', () => {
  const h = withHarness(() => identityHarness());
  let admin: Account;
  let customer: Account;
  const tagged: Seeded[] = [];

  async function seed(u: Omit<Seeded, 'id'>): Promise<Seeded> {
    const { rows } = await h.sql.query(
      `INSERT INTO identity.users (email, first_name, last_name, phone, password_hash, created_at) VALUES ($1, $2, $3, $4, 'x', $5) RETURNING id`,
      [u.email, u.firstName, u.lastName, u.phone, u.createdAt],
    );
    const seeded = { ...u, id: rows[0].id as string };
    if (u.banned) await h.sql.query(`INSERT INTO identity.user_bans (user_id, banned_by, reason) VALUES ($1, $2, 'Spam')`, [seeded.id, admin.id]);
    if (u.purchases || u.totalXaf)
      await h.sql.query(`INSERT INTO identity.user_purchase_totals (user_id, purchase_count, total_xaf) VALUES ($1, $2, $3)`, [seeded.id, u.purchases, u.totalXaf]);
    return seeded;
  }

  const list = async (vars: Record<string, unknown>, who: Account = admin) => {
    const res = await who.browser.gql<Loose>(ADMIN_USERS, vars);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data.adminUsers;
  };

  beforeAll(async () => {
    admin = await h.account({ admin: true });
    customer = await h.account();
    const day = (d: string) => new Date(`${d}T10:00:00Z`);
    // Tag "zq7" in every e-mail; every column has distinct values but STATUS (ties settled by id).
    tagged.push(await seed({ email: 'k.zq7@example.com', firstName: 'Éloïse', lastName: 'Mbarga', phone: '+237690000003', createdAt: day('2024-03-01'), banned: false, purchases: 2, totalXaf: 7000 }));
    tagged.push(await seed({ email: 'b.ndiaye.zq7@example.com', firstName: 'awa', lastName: 'Ndiaye', phone: '+237690000001', createdAt: day('2024-01-15'), banned: true, purchases: 0, totalXaf: 0 }));
    tagged.push(await seed({ email: 'f.zq7@example.com', firstName: 'Cœur', lastName: 'Fotso', phone: null, createdAt: day('2024-02-10'), banned: false, purchases: 5, totalXaf: 2356 }));
    tagged.push(await seed({ email: 'a.zq7@example.com', firstName: 'Daniel', lastName: 'Eto', phone: '+237690000002', createdAt: day('2024-05-20'), banned: true, purchases: 1, totalXaf: 11780 }));
    tagged.push(await seed({ email: 'z.zq7@example.com', firstName: 'Bruno', lastName: 'Kamga', phone: '+237690000009', createdAt: day('2023-12-31'), banned: false, purchases: 3, totalXaf: 500 }));
  });

  it('finds users by part of their name or e-mail, ignoring case and accents', async () => {
    const eloise = tagged[0]!;
    for (const search of ['eloise', 'ÉLOÏSE', 'Eloïse mb', 'loise', 'MBARGA']) {
      const page = await list({ search });
      expect({ search, ids: page.items.map((u: Loose) => u.id) }).toEqual({ search, ids: [eloise.id] });
    }
    // "coeur" finds "Cœur" (the ligature spelt out), "ndiaye.zq7" the e-mail.
    expect((await list({ search: 'coeur' })).items.map((u: Loose) => u.fullName)).toEqual(['Cœur Fotso']);
    expect((await list({ search: 'NDIAYE.ZQ7' })).items.map((u: Loose) => u.email)).toEqual(['b.ndiaye.zq7@example.com']);
    // A full name across first and last name.
    expect((await list({ search: 'daniel eto' })).items.map((u: Loose) => u.id)).toEqual([tagged[3]!.id]);
    // LIKE's wildcards are taken literally.
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ search: 'k_zq7' })).total).toBe(0);
    // Blank search: everyone.
    expect((await list({ search: '   ' })).total).toBe(tagged.length + 2);
  });

  it.each(['NAME', 'EMAIL', 'PHONE', 'CREATED_AT', 'STATUS', 'PURCHASES', 'TOTAL_SPENT'] as Sort[])('sorts by %s both ways, ties by id', async (sort) => {
    for (const direction of ['ASC', 'DESC'] as const) {
      const page = await list({ search: 'zq7', sort, direction, pageSize: 100 });
      expect({ sort, direction, ids: page.items.map((u: Loose) => u.id) }).toEqual({ sort, direction, ids: expectedOrder(tagged, sort, direction) });
    }
  });

  it('paginates on the server with totals, clamping the page and its size', async () => {
    const all = expectedOrder(tagged, 'EMAIL', 'ASC');
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ search: 'zq7', sort: 'EMAIL', direction: 'ASC', page, pageSize: 2 }));
    expect(pages.map((p) => ({ total: p.total, page: p.page, pageSize: p.pageSize, totalPages: p.totalPages }))).toEqual([
      { total: 5, page: 1, pageSize: 2, totalPages: 3 },
      { total: 5, page: 2, pageSize: 2, totalPages: 3 },
      { total: 5, page: 3, pageSize: 2, totalPages: 3 },
    ]);
    expect(pages.flatMap((p) => p.items.map((u: Loose) => u.id))).toEqual(all);
    const past = await list({ search: 'zq7', sort: 'EMAIL', direction: 'ASC', page: 9, pageSize: 2 });
    expect({ page: past.page, ids: past.items.map((u: Loose) => u.id) }).toEqual({ page: 3, ids: [all[4]] });
    const zero = await list({ search: 'zq7', sort: 'EMAIL', direction: 'ASC', page: 0, pageSize: 2 });
    expect(zero.page).toBe(1);
    expect((await list({ search: 'zq7', pageSize: 500 })).pageSize).toBe(100);
    expect(await list({ search: 'personne-ici' })).toMatchObject({ total: 0, page: 1, totalPages: 1, items: [] });
    // Defaults: 25 a page, newest first.
    const first = await list({});
    expect(first.pageSize).toBe(25);
    expect(first.items[0].id).toBe(customer.id);
  });

  it('shows each row’s ban, admin flag and status from the page query alone', async () => {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    let page: Loose;
    try {
      const res = await admin.browser.gql<Loose>(
        `query { adminUsers(search: "zq7", sort: EMAIL, direction: ASC) { items { id fullName email phone createdAt isAdmin isBanned ban { reason bannedAt } } } }`,
      );
      page = res.data.adminUsers;
      const reads = spy.mock.calls.filter(([sql]) => /\b(users|user_bans|admin_roles|user_purchase_totals)\b/.test(String(sql)));
      expect(reads).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    const banned = page.items.find((u: Loose) => u.id === tagged[3]!.id);
    expect(banned).toMatchObject({ isBanned: true, isAdmin: false, ban: { reason: 'Spam' } });
    expect(new Date(banned.ban.bannedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(page.items.find((u: Loose) => u.id === tagged[0]!.id)).toMatchObject({ isBanned: false, ban: null, phone: '+237690000003' });
    // Who banned them: one more statement for the whole page.
    const withBanner = await list({ search: 'zq7', sort: 'EMAIL', direction: 'ASC' });
    expect(withBanner.items.find((u: Loose) => u.id === tagged[3]!.id).ban.bannedBy).toEqual({ id: admin.id, fullName: 'Awa Ndiaye' });
  });

  it('resolves a batch of users for the gateway in one SQL statement, and hides User.ban from non-administrators', async () => {
    const reps = tagged.map((u) => ({ __typename: 'User', id: u.id }));
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      const res = await admin.browser.gql<Loose>(`query Entities($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { id fullName email } } }`, { reps });
      expect(res.data._entities.map((u: Loose) => u.id)).toEqual(tagged.map((u) => u.id));
      expect(spy.mock.calls.filter(([sql]) => /\busers\b/.test(String(sql)))).toHaveLength(1);
      expect(spy.mock.calls.filter(([sql]) => /\b(users|user_bans|admin_roles)\b/.test(String(sql)))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    const bannedRep = [{ __typename: 'User', id: tagged[1]!.id }];
    const asAdmin = await admin.browser.gql<Loose>(ENTITIES, { reps: bannedRep });
    expect(asAdmin.data._entities[0]).toMatchObject({ isBanned: true, ban: { reason: 'Spam' } });
    const asCustomer = await customer.browser.gql<Loose>(ENTITIES, { reps: bannedRep });
    expect(asCustomer.errors).toBeUndefined();
    expect(asCustomer.data._entities[0]).toMatchObject({ isBanned: true, ban: null, email: null });
    const asVisitor = await h.browser().gql<Loose>(ENTITIES, { reps: bannedRep });
    expect(asVisitor.data._entities[0]).toMatchObject({ ban: null });
  });

  it('counts the cards: total, active, banned and the accounts of the last 30 days', async () => {
    await seed({ email: 'old.month@example.com', firstName: 'Vieux', lastName: 'Compte', phone: null, createdAt: new Date(Date.now() - 40 * 86_400_000), banned: false, purchases: 0, totalXaf: 0 });
    await seed({ email: 'new.month@example.com', firstName: 'Jeune', lastName: 'Compte', phone: null, createdAt: new Date(Date.now() - 10 * 86_400_000), banned: true, purchases: 0, totalXaf: 0 });
    const res = await admin.browser.gql<Loose>(STATS);
    // admin, customer, five tagged (two banned, all from 2023-2024), and the two above (one banned).
    expect(res.data.adminUserStats).toEqual({ total: 9, active: 6, banned: 3, newLast30Days: 3 });
  });

  it('refuses every admin field to a customer (FORBIDDEN) and to a visitor (UNAUTHENTICATED)', async () => {
    const visitor = h.browser();
    const asks: Array<[string, Record<string, unknown>]> = [
      [ADMIN_USERS, {}],
      [STATS, {}],
      [EXPORT, {}],
      [UNBAN, { input: { userId: tagged[1]!.id, reason: 'Erreur' } }],
    ];
    for (const [query, vars] of asks) {
      const c = await customer.browser.gql<Loose>(query, vars);
      expect({ query, code: c.errors?.[0]?.extensions?.code, data: c.data }).toEqual({ query, code: 'FORBIDDEN', data: null });
      const v = await visitor.gql<Loose>(query, vars);
      expect({ query, code: v.errors?.[0]?.extensions?.code, data: v.data }).toEqual({ query, code: 'UNAUTHENTICATED', data: null });
    }
    const { rows } = await h.sql.query('SELECT is_active FROM identity.user_bans WHERE user_id = $1', [tagged[1]!.id]);
    expect(rows).toEqual([{ is_active: true }]);
  });

  it('exports the matching users as a CSV a French spreadsheet splits into the table’s columns, in the table’s order', async () => {
    await seed({ email: 'csv1.qx9@example.com', firstName: 'Jean; "le grand"', lastName: 'Ligne1\nLigne2', phone: '+237690000010', createdAt: new Date('2024-06-01T23:30:00Z'), banned: false, purchases: 2, totalXaf: 4712 });
    await seed({ email: 'csv2.qx9@example.com', firstName: '=HYPERLINK("http://x")', lastName: 'Test', phone: null, createdAt: new Date('2024-06-02T08:00:00Z'), banned: true, purchases: 0, totalXaf: 0 });
    const res = await admin.browser.gql<Loose>(EXPORT, { search: 'qx9', sort: 'EMAIL', direction: 'ASC' });
    const sheet = readSpreadsheetCsv(res.data.exportUsersCsv as string);
    expect(sheet.header).toEqual(['Nom', 'Email', 'Téléphone', "Date d'inscription", 'Achats', 'Total dépensé (FCFA)', 'Statut']);
    expect(sheet.rows).toEqual([
      // 23:30 UTC is 00:30 the next day in Douala (UTC+1); the phone number carries no mark.
      ['Jean; "le grand" Ligne1\nLigne2', 'csv1.qx9@example.com', '+237690000010', '02/06/2024 00:30', '2', '4712', 'Actif'],
      ["'=HYPERLINK(\"http://x\") Test", 'csv2.qx9@example.com', '', '02/06/2024 09:00', '0', '0', 'Banni'],
    ]);
    for (const r of sheet.records) expect(r["Date d'inscription"]).toMatch(SPREADSHEET_DATE_TIME);
    for (const cell of sheet.rows.flat()) expect(spreadsheetReadsAsFormula(cell)).toBe(false);
  });
});
