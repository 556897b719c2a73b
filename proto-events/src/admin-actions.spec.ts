import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, adminActionLabel, adminTargetTypeLabel } from './admin-actions';
import { validateData } from './validate';

const entry = {
  action: 'user.banned',
  actor: { userId: '7d3c1f0e-8d3b-4a57-9d7e-2f9f4f1b6a10', name: 'Mariam Admin', email: 'mariam@lbf.test' },
  origin: 'back-office' as const,
  ip: '10.1.2.3',
  userAgent: 'Mozilla/5.0',
  target: { type: 'user', id: '3f1e1c4a-1111-4222-8333-944455556666', label: 'Jean Éboué <jean@exemple.test>' },
  details: { reason: 'Fraude' },
  occurredAt: '2026-11-20T10:00:00.000Z',
};

describe('an administrator’s action as an event', () => {
  it('is one shape for every service’s subject', () => {
    for (const subject of ['identity.admin.action_recorded', 'catalogue.admin.action_recorded', 'commerce.admin.action_recorded', 'messaging.admin.action_recorded'] as const) {
      expect(validateData(subject, entry)).toEqual(entry);
    }
  });

  it('records the command line as nobody, from nowhere', () => {
    const cli = { ...entry, action: 'admin.created', actor: { userId: null, name: null, email: null }, origin: 'command-line' as const, ip: null, userAgent: null };
    expect(validateData('identity.admin.action_recorded', cli)).toEqual(cli);
  });

  it('refuses details that carry a secret, at any depth, or that are not small', () => {
    expect(() => validateData('identity.admin.action_recorded', { ...entry, details: { password: 'x' } })).toThrow(/secret/);
    expect(() => validateData('identity.admin.action_recorded', { ...entry, details: { changes: { smtpSecret: { before: 'a', after: 'b' } } } })).toThrow(/secret/);
    expect(() => validateData('identity.admin.action_recorded', { ...entry, details: { list: [{ resetToken: 'x' }] } })).toThrow(/secret/);
    expect(() => validateData('identity.admin.action_recorded', { ...entry, details: { body: 'a'.repeat(9000) } })).toThrow(/longer/);
  });

  it('names every action’s target with a known type, and labels an unknown code by itself', () => {
    for (const def of Object.values(ADMIN_ACTIONS)) expect(Object.keys(ADMIN_TARGET_TYPES)).toContain(def.target);
    expect(adminActionLabel('user.banned')).toBe('Utilisateur banni');
    expect(adminActionLabel('thing.done')).toBe('thing.done');
    expect(adminTargetTypeLabel('order')).toBe('Commande');
    expect(adminTargetTypeLabel('widget')).toBe('widget');
  });
});
