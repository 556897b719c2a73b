import { withHarness } from '@lbf/service-kit/testing';
import { BAN_USER, identityHarness } from './harness';

/**
 * The site always keeps one administrator who can act: an administrator cannot ban themself
 * (ban.int.spec.ts) nor the last administrator who is not banned. Its own database, so the
 * administrators counted are only this file's.
 */
describe('the last administrator', () => {
  const h = withHarness(() => identityHarness());

  const activeAdmins = async (): Promise<number> => {
    const { rows } = await h.sql.query(
      `SELECT count(*)::int AS n FROM identity.admin_roles r
        WHERE NOT EXISTS (SELECT 1 FROM identity.user_bans b WHERE b.user_id = r.user_id AND b.is_active)`,
    );
    return rows[0].n as number;
  };

  it('is never banned, even by someone whose administrator token outlives their role', async () => {
    const last = await h.account({ admin: true });
    const former = await h.account({ admin: true });
    // The role is withdrawn while the access token (15 min) still says administrator.
    await h.sql.query('DELETE FROM identity.admin_roles WHERE user_id = $1', [former.id]);
    const res = await former.browser.gql(BAN_USER, { input: { userId: last.id, reason: 'prise de contrôle' } });
    expect(res.data!.banUser).toEqual({
      user: null,
      error: { code: 'VALIDATION', message: 'Impossible de bannir le dernier administrateur.', field: 'userId' },
    });
    const { rowCount } = await h.sql.query('SELECT 1 FROM identity.user_bans WHERE user_id = $1', [last.id]);
    expect(rowCount).toBe(0);
    expect(await activeAdmins()).toBe(1);
  });

  it('is what is left when two administrators ban each other in the same instant: one ban only', async () => {
    await h.sql.query('DELETE FROM identity.admin_roles');
    const a = await h.account({ admin: true });
    const b = await h.account({ admin: true });
    const [byA, byB] = await Promise.all([
      a.browser.gql(BAN_USER, { input: { userId: b.id, reason: 'duel' } }),
      b.browser.gql(BAN_USER, { input: { userId: a.id, reason: 'duel' } }),
    ]);
    const succeeded = [byA, byB].filter((res) => res.data?.banUser.user);
    expect(succeeded).toHaveLength(1);
    // The other was refused: by the rule, or because their token died with their ban first.
    const refused = [byA, byB].find((res) => !res.data?.banUser.user)!;
    const refusal = refused.data?.banUser.error?.message ?? refused.errors?.[0]?.extensions?.code;
    expect(['Impossible de bannir le dernier administrateur.', 'UNAUTHENTICATED']).toContain(refusal);
    expect(await activeAdmins()).toBe(1);
  });

  it('is not banned when the only other administrator is on their way out (a pending deletion)', async () => {
    await h.sql.query('DELETE FROM identity.admin_roles');
    const leaving = await h.account({ admin: true });
    const last = await h.account({ admin: true });
    await h.sql.query(
      `INSERT INTO identity.account_deletions (user_id, requested_at, scheduled_for) VALUES ($1, now(), now() + interval '30 days')`,
      [leaving.id],
    );
    const res = await leaving.browser.gql(BAN_USER, { input: { userId: last.id, reason: 'départ' } });
    expect(res.data!.banUser.error).toEqual({ code: 'VALIDATION', message: 'Impossible de bannir le dernier administrateur.', field: 'userId' });
    const { rowCount } = await h.sql.query('SELECT 1 FROM identity.user_bans WHERE user_id = $1', [last.id]);
    expect(rowCount).toBe(0);
  });

  it('may still ban another administrator while one is left', async () => {
    const a = await h.account({ admin: true });
    const b = await h.account({ admin: true });
    const res = await a.browser.gql(BAN_USER, { input: { userId: b.id, reason: 'départ' } });
    expect(res.data!.banUser).toEqual({ user: { id: b.id, isBanned: true }, error: null });
  });
});
