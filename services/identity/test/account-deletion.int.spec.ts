import { RETENTION } from '@lbf/proto-events';
import { withHarness, type EventCollector } from '@lbf/service-kit/testing';
import { identityHarness, ME, SIGN_IN, type Account } from './harness';

const DELETION = 'pendingDeletion { requestedAt scheduledFor byAdministrator }';
const REQUEST = `mutation Request($password: String!) { requestAccountDeletion(password: $password) { user { id ${DELETION} } error { code message field } } }`;
const CANCEL = `mutation { cancelAccountDeletion { user { id ${DELETION} } error { code message } } }`;
const ADMIN_DELETE = `mutation Delete($userId: ID!, $reason: String!) { adminDeleteUser(userId: $userId, reason: $reason) { user { id ${DELETION} } error { code message field } } }`;
const SIGN_IN_SEEING_DELETION = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { accessToken user { id ${DELETION} } error { message } } }`;

describe('account deletion in identity', () => {
  // The grace period is the default one (RETENTION.deletionDays); a deletion is made due through the back door.
  const h = withHarness(() => identityHarness({ deletionSweepEveryMs: 200 }));
  let events: EventCollector[];

  beforeAll(async () => {
    // One collector per subject: the NATS server the tests run (2.9) gives a consumer one filter subject.
    events = await Promise.all((['identity.user.deletion_requested', 'identity.user.deletion_cancelled', 'identity.user.deleted'] as const).map((s) => h.events([s])));
  });

  const eventsAbout = (subject: string, userId: string) => events.flatMap((c) => c.received).filter((e) => e.subject === subject && e.data.userId === userId);
  const makeDue = (userId: string) =>
    h.sql.query(`UPDATE identity.account_deletions SET scheduled_for = now() WHERE user_id = $1 AND cancelled_at IS NULL AND completed_at IS NULL`, [userId]);
  const accountRows = async (userId: string) => (await h.sql.query('SELECT 1 FROM identity.users WHERE id = $1', [userId])).rowCount;

  it('refuses without the right password, then starts the grace period, keeping the account working', async () => {
    const awa = await h.account();
    const wrong = await awa.browser.gql(REQUEST, { password: 'pas-le-bon' });
    expect(wrong.data!.requestAccountDeletion).toEqual({ user: null, error: { code: 'INVALID_CREDENTIALS', message: 'Mot de passe incorrect.', field: 'password' } });
    expect((await h.sql.query('SELECT 1 FROM identity.account_deletions WHERE user_id = $1', [awa.id])).rowCount).toBe(0);

    const res = await awa.browser.gql(REQUEST, { password: awa.password });
    const deletion = res.data!.requestAccountDeletion.user.pendingDeletion;
    expect(res.data!.requestAccountDeletion.error).toBeNull();
    expect(deletion.byAdministrator).toBe(false);
    const grace = new Date(deletion.scheduledFor).getTime() - new Date(deletion.requestedAt).getTime();
    // Within the promised days, with the erasure job's margin (an hour) to spare.
    expect(grace).toBe((RETENTION.deletionDays * 24 - 1) * 3600 * 1000);
    // Asking again answers the pending one, its date unchanged, and publishes nothing more.
    const again = await awa.browser.gql(REQUEST, { password: awa.password });
    expect(again.data!.requestAccountDeletion.user.pendingDeletion).toEqual(deletion);
    await h.until(() => eventsAbout('identity.user.deletion_requested', awa.id).length === 1, 5000, 'deletion_requested');
    expect(eventsAbout('identity.user.deletion_requested', awa.id)[0]!.data).toMatchObject({ requestedBy: null, scheduledFor: deletion.scheduledFor });

    const me = await awa.browser.gql(ME);
    expect(me.data!.me.id).toBe(awa.id);
    // Signing in during the grace period says when the account will go, so the page can offer to cancel.
    const signIn = await h.browser().gql(SIGN_IN_SEEING_DELETION, { input: { email: awa.email, password: awa.password } });
    expect(signIn.data!.signIn.user.pendingDeletion.scheduledFor).toBe(deletion.scheduledFor);
  });

  it('is cancelled by the person: nothing is erased when its date passes', async () => {
    const jean = await h.account();
    await jean.browser.gql(REQUEST, { password: jean.password });
    const res = await jean.browser.gql(CANCEL);
    expect(res.data!.cancelAccountDeletion).toEqual({ user: { id: jean.id, pendingDeletion: null }, error: null });
    await h.until(() => eventsAbout('identity.user.deletion_cancelled', jean.id).length === 1, 5000, 'deletion_cancelled');
    await makeDue(jean.id);
    await new Promise((r) => setTimeout(r, 600));
    expect(await accountRows(jean.id)).toBe(1);
    expect(eventsAbout('identity.user.deleted', jean.id)).toHaveLength(0);
    // Cancelling with nothing pending changes nothing.
    expect((await jean.browser.gql(CANCEL)).data!.cancelAccountDeletion.error).toBeNull();
  });

  it('erases the account when the grace period is over, once, and its access tokens die', async () => {
    const awa = await h.account();
    await awa.browser.gql(REQUEST, { password: awa.password });
    await makeDue(awa.id);
    await h.until(async () => (await accountRows(awa.id)) === 0, 10_000, 'the account erased');
    const left = await h.sql.query(
      `SELECT (SELECT count(*) FROM identity.sessions WHERE user_id = $1)::int AS sessions,
              (SELECT count(*) FROM identity.outbox WHERE envelope::text LIKE '%' || $2 || '%')::int AS outbox,
              (SELECT count(*) FROM identity.account_deletions WHERE user_id = $1 AND completed_at IS NOT NULL)::int AS completed`,
      [awa.id, awa.email],
    );
    expect(left.rows[0]).toEqual({ sessions: 0, outbox: 0, completed: 1 });
    await h.until(() => eventsAbout('identity.user.deleted', awa.id).length === 1, 5000, 'identity.user.deleted');
    expect((await awa.browser.gql(ME)).data!.me).toBeNull();
    const signIn = await h.browser().gql(SIGN_IN, { input: { email: awa.email, password: awa.password } });
    expect(signIn.data!.signIn.error.message).toBe('Email ou mot de passe incorrect.');
    // The job runs again (every 200 ms here): nothing more is erased or published.
    await new Promise((r) => setTimeout(r, 800));
    expect(eventsAbout('identity.user.deleted', awa.id)).toHaveLength(1);
  });

  describe('by an administrator, for a person who asked by e-mail', () => {
    let admin: Account;
    let other: Account;

    beforeAll(async () => {
      admin = await h.account({ admin: true });
      other = await h.account({ admin: true });
    });

    it('needs a reason, never deletes oneself, and is refused to customers', async () => {
      const target = await h.account();
      const noReason = await admin.browser.gql(ADMIN_DELETE, { userId: target.id, reason: '  ' });
      expect(noReason.data!.adminDeleteUser.error).toEqual({ code: 'VALIDATION', message: 'Veuillez indiquer le motif de la suppression.', field: 'reason' });
      const self = await admin.browser.gql(ADMIN_DELETE, { userId: admin.id, reason: 'Demande par e-mail' });
      expect(self.data!.adminDeleteUser.error.message).toBe('Vous ne pouvez pas supprimer votre propre compte depuis l’administration.');
      const asCustomer = await target.browser.gql(ADMIN_DELETE, { userId: target.id, reason: 'x' });
      expect(asCustomer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });

    it('starts the same grace period, which the person can cancel by signing in', async () => {
      const target = await h.account();
      const res = await admin.browser.gql(ADMIN_DELETE, { userId: target.id, reason: 'Demande reçue par e-mail le 3 mars' });
      expect(res.data!.adminDeleteUser.user.pendingDeletion.byAdministrator).toBe(true);
      const row = await h.sql.query('SELECT requested_by, reason FROM identity.account_deletions WHERE user_id = $1', [target.id]);
      expect(row.rows).toEqual([{ requested_by: admin.id, reason: 'Demande reçue par e-mail le 3 mars' }]);
      await h.until(() => eventsAbout('identity.user.deletion_requested', target.id)[0]?.data.requestedBy === admin.id, 5000, 'requested by the admin');
      const seen = await target.browser.gql(`query { me { ${DELETION} } }`);
      expect(seen.data!.me.pendingDeletion.byAdministrator).toBe(true);
      expect((await target.browser.gql(CANCEL)).data!.cancelAccountDeletion.user.pendingDeletion).toBeNull();
    });

    it('never leaves the site without an administrator', async () => {
      // `other` is on their way out: `admin` is then the last one who stays.
      await other.browser.gql(REQUEST, { password: other.password });
      const last = await other.browser.gql(ADMIN_DELETE, { userId: admin.id, reason: 'Demande par e-mail' });
      expect(last.data!.adminDeleteUser.error).toEqual({ code: 'VALIDATION', message: 'Impossible de supprimer le dernier administrateur.', field: 'userId' });
      const leaving = await admin.browser.gql(REQUEST, { password: admin.password });
      expect(leaving.data!.requestAccountDeletion.error.message).toBe('Vous êtes le dernier administrateur : votre compte ne peut pas être supprimé.');
      await other.browser.gql(CANCEL);
    });
  });
});
