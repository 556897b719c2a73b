import { validateData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { changedFields, recordAdminAction } from './admin-journal';
import type { AdminActor } from './auth';
import type { Tx } from './tx';

const admin: AdminActor = {
  userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10',
  sessionId: '0b5c2a8e-3f1d-4c6b-9a7e-5d4c3b2a1f00',
  roles: ['admin'],
  issuedAt: 0,
  name: 'Mariam Admin',
  email: 'mariam@lbf.test',
  ip: '10.1.2.3',
  userAgent: 'Mozilla/5.0 '.repeat(100),
};

/** A transaction that keeps what it would write to the outbox, validated as the real one does. */
function fakeTx(producer: string) {
  const emitted: Array<{ subject: string; data: unknown }> = [];
  const tx = {
    manager: {} as EntityManager,
    producer,
    emit: async (subject: string, data: unknown) => {
      emitted.push({ subject, data: validateData(subject as never, data) });
      return {} as never;
    },
  } as unknown as Tx;
  return { tx, emitted };
}

describe('recording an administrator’s action', () => {
  it('writes the service’s own subject with who, from where, what and the target type of the action', async () => {
    const { tx, emitted } = fakeTx('commerce');
    await recordAdminAction(tx, admin, 'order.refunded', { id: 'o-1', label: 'LBF-2026-000001' }, { reason: 'Doublon' });
    expect(emitted).toEqual([
      {
        subject: 'commerce.admin.action_recorded',
        data: expect.objectContaining({
          action: 'order.refunded',
          actor: { userId: admin.userId, name: 'Mariam Admin', email: 'mariam@lbf.test' },
          origin: 'back-office',
          ip: '10.1.2.3',
          target: { type: 'order', id: 'o-1', label: 'LBF-2026-000001' },
          details: { reason: 'Doublon' },
        }),
      },
    ]);
    expect((emitted[0]!.data as { userAgent: string }).userAgent).toHaveLength(512);
  });

  it('records a command as nobody, from nowhere, naming the command', async () => {
    const { tx, emitted } = fakeTx('identity');
    await recordAdminAction(tx, { command: 'admin:create' }, 'admin.created', { id: admin.userId, label: 'Mariam Admin <mariam@lbf.test>' });
    expect(emitted[0]!.data).toMatchObject({ actor: { userId: null, name: null, email: null }, origin: 'command-line', ip: null, userAgent: 'admin:create' });
  });

  it('refuses a service without a subject of its own, and a secret among the details', async () => {
    await expect(recordAdminAction(fakeTx('analytics').tx, admin, 'user.banned', { id: 'u' })).rejects.toThrow(/no admin.action_recorded subject/);
    await expect(recordAdminAction(fakeTx('identity').tx, admin, 'user.banned', { id: 'u' }, { newPassword: 'x' })).rejects.toThrow(/secret/);
  });

  it('keeps details within the contract’s size: only the names of what changed when too long', async () => {
    const { tx, emitted } = fakeTx('catalogue');
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, 'x'.repeat(190)]));
    await recordAdminAction(tx, admin, 'article.updated', { id: 'a' }, many);
    expect(emitted[0]!.data).toMatchObject({ details: { truncated: true, fields: expect.arrayContaining(['field0']) } });
  });
});

describe('what changed', () => {
  it('lists the fields whose value differs, before and after, dates as ISO text and long texts shortened', () => {
    const before = { title: 'Tisanes', price: 359, body: 'a'.repeat(500), at: new Date('2026-01-01T00:00:00Z'), same: [1, 2] };
    const after = { title: 'Tisanes du soir', price: 359, body: 'b'.repeat(300), at: new Date('2026-02-01T00:00:00Z'), same: [1, 2] };
    expect(changedFields(before, after)).toEqual({
      title: { before: 'Tisanes', after: 'Tisanes du soir' },
      body: { before: `${'a'.repeat(200)}… (500 caractères)`, after: `${'b'.repeat(200)}… (300 caractères)` },
      at: { before: '2026-01-01T00:00:00.000Z', after: '2026-02-01T00:00:00.000Z' },
    });
  });

  it('looks only at the keys given, and at those the update sets', () => {
    expect(changedFields({ a: 1, b: 2, c: 3 }, { a: 5, b: 6 }, ['a', 'c'])).toEqual({ a: { before: 1, after: 5 } });
  });
});
