import { randomUUID } from 'node:crypto';
import { until, type TestUser, withHarness } from '@lbf/service-kit/testing';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/** The administrators' contact inbox: list, search, read/unread, archive, reply by e-mail; refused to others. */
describe('contact inbox', () => {
  const ctx = withHarness(() => messagingHarness());
  let admin: TestUser;
  let ids: { support: string; partner: string; other: string };

  const FIELDS = `id name email subject subjectLabel message receivedAt readAt archivedAt replies { id body senderName sentAt delivery }`;
  const LIST = `query($folder: ContactFolder, $search: String, $page: Int, $pageSize: Int) {
    adminContactMessages(folder: $folder, search: $search, page: $page, pageSize: $pageSize) { total page pageSize unreadCount items { ${FIELDS} } } }`;

  const insertMessage = async (name: string, email: string, subject: string, message: string, minutesAgo: number) => {
    const id = randomUUID();
    await ctx.sql.query(
      `INSERT INTO messaging.contact_messages (id, name, email, subject, message, ip, received_at) VALUES ($1, $2, $3, $4, $5, '10.0.0.1', now() - make_interval(mins => $6))`,
      [id, name, email, subject, message, minutesAgo],
    );
    return id;
  };
  const list = async (vars: Record<string, unknown> = {}) => {
    const res = await ctx.as(admin).gql(LIST, vars);
    expect(res.errors).toBeUndefined();
    return res.data!.adminContactMessages;
  };

  beforeAll(async () => {
    admin = ctx.newUser({ admin: true });
    await registerUser(ctx, admin, { email: 'chef@lbf.test', firstName: 'Marie', lastName: 'Kamga', origin: 'admin-command' });
    ids = {
      support: await insertMessage('Awa Ngo', 'awa@example.com', 'support', 'Ma vidéo ne se lance pas depuis hier soir.', 30),
      partner: await insertMessage('Paul Biya', 'paul@partenaire.cm', 'partnership', 'Nous aimerions proposer un partenariat 100% naturel.', 20),
      other: await insertMessage('Chantal', 'chantal@example.com', 'other', 'Merci pour vos guides, très utiles !', 10),
    };
  });

  it('lists the inbox newest first with the unread count', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25, unreadCount: 3 });
    expect(page.items.map((m: { id: string }) => m.id)).toEqual([ids.other, ids.partner, ids.support]);
    expect(page.items[1]).toMatchObject({ name: 'Paul Biya', subject: 'PARTNERSHIP', subjectLabel: 'Partenariat', readAt: null, archivedAt: null, replies: [] });
    const second = await list({ page: 2, pageSize: 2 });
    expect(second.items.map((m: { id: string }) => m.id)).toEqual([ids.support]);
    expect(second).toMatchObject({ total: 3, unreadCount: 3 });
  });

  it('searches name, e-mail and message (LIKE characters match themselves)', async () => {
    expect((await list({ search: 'AWA' })).items.map((m: { id: string }) => m.id)).toEqual([ids.support]);
    expect((await list({ search: 'partenaire.cm' })).items.map((m: { id: string }) => m.id)).toEqual([ids.partner]);
    expect((await list({ search: 'guides' })).items.map((m: { id: string }) => m.id)).toEqual([ids.other]);
    expect((await list({ search: '100%' })).total).toBe(1);
    expect((await list({ search: '%' })).total).toBe(1);
    expect((await list({ search: '_' })).total).toBe(0);
    // The unread count stays the inbox's, whatever the search.
    expect((await list({ search: 'guides' })).unreadCount).toBe(3);
  });

  it('marks read and unread, and archives into the other folder', async () => {
    const MARK = `mutation($id: ID!, $read: Boolean!) { adminMarkContactMessage(id: $id, read: $read) { contactMessage { id readAt } error { code message } } }`;
    const ARCHIVE = `mutation($id: ID!, $archived: Boolean!) { adminArchiveContactMessage(id: $id, archived: $archived) { contactMessage { id archivedAt } error { code message } } }`;
    const read = (await ctx.as(admin).gql(MARK, { id: ids.other, read: true })).data!.adminMarkContactMessage;
    expect(read.error).toBeNull();
    expect(Date.parse(read.contactMessage.readAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list()).unreadCount).toBe(2);
    const unread = (await ctx.as(admin).gql(MARK, { id: ids.other, read: false })).data!.adminMarkContactMessage;
    expect(unread.contactMessage.readAt).toBeNull();
    expect((await list()).unreadCount).toBe(3);

    const archived = (await ctx.as(admin).gql(ARCHIVE, { id: ids.other, archived: true })).data!.adminArchiveContactMessage;
    expect(archived.contactMessage.archivedAt).toEqual(expect.any(String));
    const inbox = await list();
    expect(inbox.items.map((m: { id: string }) => m.id)).toEqual([ids.partner, ids.support]);
    expect(inbox.unreadCount).toBe(2);
    const archive = await list({ folder: 'ARCHIVED' });
    expect(archive.items.map((m: { id: string }) => m.id)).toEqual([ids.other]);
    await ctx.as(admin).gql(ARCHIVE, { id: ids.other, archived: false });
    expect((await list()).total).toBe(3);

    const missing = (await ctx.as(admin).gql(MARK, { id: randomUUID(), read: true })).data!.adminMarkContactMessage;
    expect(missing).toEqual({ contactMessage: null, error: { code: 'NOT_FOUND', message: 'Message introuvable.' } });
    const garbage = (await ctx.as(admin).gql(ARCHIVE, { id: 'not-an-id', archived: true })).data!.adminArchiveContactMessage;
    expect(garbage.error.code).toBe('NOT_FOUND');
  });

  it('replies by e-mail: the reply is kept with its delivery, its mail queued, the message read', async () => {
    const REPLY = `mutation($id: ID!, $body: String!) { adminReplyContactMessage(id: $id, body: $body) { contactMessage { ${FIELDS} } error { code message field } } }`;
    const empty = (await ctx.as(admin).gql(REPLY, { id: ids.support, body: '   ' })).data!.adminReplyContactMessage;
    expect(empty).toEqual({ contactMessage: null, error: { code: 'VALIDATION', field: 'body', message: 'Veuillez saisir une réponse.' } });

    const res = (await ctx.as(admin).gql(REPLY, { id: ids.support, body: 'Bonjour Awa, essayez de vider le cache de votre navigateur.' })).data!.adminReplyContactMessage;
    expect(res.error).toBeNull();
    const message = res.contactMessage;
    expect(message.readAt).toEqual(expect.any(String));
    expect(message.replies).toHaveLength(1);
    expect(message.replies[0]).toMatchObject({ body: 'Bonjour Awa, essayez de vider le cache de votre navigateur.', senderName: 'Marie Kamga' });
    expect(['QUEUED', 'SENDING', 'SENT', 'FAILED']).toContain(message.replies[0].delivery);

    const delivery = (
      await ctx.sql.query(
        `SELECT d.* FROM messaging.mail_deliveries d JOIN messaging.contact_replies r ON r.delivery_id = d.id WHERE r.id = $1`,
        [message.replies[0].id],
      )
    ).rows;
    expect(delivery).toHaveLength(1);
    expect(delivery[0]).toMatchObject({
      purpose: 'contact_reply',
      dedupe_key: message.replies[0].id,
      recipient: 'awa@example.com',
      data: { name: 'Awa Ngo', subjectLabel: 'Support technique', originalMessage: 'Ma vidéo ne se lance pas depuis hier soir.', body: 'Bonjour Awa, essayez de vider le cache de votre navigateur.' },
    });
    // The reply arrives by e-mail (the real sender, the catcher over SMTP), and its status says so.
    const [mail] = await ctx.mailsTo('awa@example.com', 1);
    expect(mail!.subject).toMatch(/^Re: Support technique/);
    expect(mail!.text).toContain('Bonjour Awa, essayez de vider le cache de votre navigateur.');
    expect(mail!.text).toContain('Ma vidéo ne se lance pas depuis hier soir.');
    const again = await until(async () => {
      const got = (await ctx.as(admin).gql(`query($id: ID!) { adminContactMessage(id: $id) { replies { id delivery } } }`, { id: ids.support })).data!.adminContactMessage;
      return got.replies[0].delivery === 'SENT' ? got : null;
    }, 10_000, 'reply delivery SENT');
    expect(again.replies).toEqual([{ id: message.replies[0].id, delivery: 'SENT' }]);

    // An administrator messaging does not know yet signs as the team.
    const stranger = ctx.newUser({ admin: true });
    const second = (await ctx.as(stranger).gql(REPLY, { id: ids.support, body: 'Avez-vous pu regarder la vidéo ?' })).data!.adminReplyContactMessage;
    expect(second.contactMessage.replies.map((r: { senderName: string }) => r.senderName)).toEqual(['Marie Kamga', "L'équipe LBF"]);
    expect((await ctx.mailsTo('awa@example.com', 2))[1]!.text).toContain('Avez-vous pu regarder la vidéo ?');

    const missing = (await ctx.as(admin).gql(REPLY, { id: randomUUID(), body: 'Bonjour' })).data!.adminReplyContactMessage;
    expect(missing.error.code).toBe('NOT_FOUND');
  });

  it('refuses the inbox to visitors (UNAUTHENTICATED) and customers (FORBIDDEN)', async () => {
    const customer = ctx.newUser();
    const operations: Array<[string, Record<string, unknown>]> = [
      [`{ adminContactMessages { total items { email message } } }`, {}],
      [`query($id: ID!) { adminContactMessage(id: $id) { email message } }`, { id: ids.support }],
      [`mutation($id: ID!) { adminMarkContactMessage(id: $id, read: true) { contactMessage { id } } }`, { id: ids.partner }],
      [`mutation($id: ID!) { adminArchiveContactMessage(id: $id, archived: true) { contactMessage { id } } }`, { id: ids.partner }],
      [`mutation($id: ID!) { adminReplyContactMessage(id: $id, body: "Bonjour") { contactMessage { id } } }`, { id: ids.partner }],
    ];
    for (const [query, vars] of operations) {
      for (const [user, code] of [
        [null, 'UNAUTHENTICATED'],
        [customer, 'FORBIDDEN'],
      ] as const) {
        const res = await ctx.as(user).gql(query, vars);
        expect(res.errors?.[0]?.extensions?.code).toBe(code);
        expect(JSON.stringify(res.data ?? null)).not.toMatch(/awa@example\.com|partenaire/);
      }
    }
    const partner = (await ctx.sql.query(`SELECT read_at, archived_at FROM messaging.contact_messages WHERE id = $1`, [ids.partner])).rows[0];
    expect(partner).toEqual({ read_at: null, archived_at: null });
    expect((await ctx.sql.query(`SELECT count(*)::int AS n FROM messaging.contact_replies WHERE contact_message_id = $1`, [ids.partner])).rows[0].n).toBe(0);
  });
});
