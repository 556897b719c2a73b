import { contactAlertHref, contactAlertId, contactAlertTitle, contactAlertTransition } from './alert-rules';

describe('contact alerts', () => {
  const unread = { readAt: null, archivedAt: null };
  const read = { readAt: new Date(), archivedAt: null };
  const archived = { readAt: null, archivedAt: new Date() };
  const both = { readAt: new Date(), archivedAt: new Date() };

  it('raises when a message becomes new (unread, in the inbox) and clears when it stops being new', () => {
    expect(contactAlertTransition(null, unread)).toBe('raise');
    expect(contactAlertTransition(read, unread)).toBe('raise');
    expect(contactAlertTransition(archived, unread)).toBe('raise');
    expect(contactAlertTransition(unread, read)).toBe('clear');
    expect(contactAlertTransition(unread, archived)).toBe('clear');
    expect(contactAlertTransition(unread, both)).toBe('clear');
  });

  it('says nothing when the message stays new or stays not new', () => {
    expect(contactAlertTransition(unread, unread)).toBeNull();
    expect(contactAlertTransition(null, archived)).toBeNull();
    expect(contactAlertTransition(read, read)).toBeNull();
    expect(contactAlertTransition(read, both)).toBeNull();
    expect(contactAlertTransition(archived, both)).toBeNull();
    expect(contactAlertTransition(both, read)).toBeNull();
  });

  it('words the title in French, one line, at most 200 characters', () => {
    expect(contactAlertTitle('  Awa   Ndiaye ')).toBe('Nouveau message de Awa Ndiaye');
    expect(contactAlertTitle('   ')).toBe('Nouveau message');
    const long = contactAlertTitle('x'.repeat(500));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('names the alert after the message and leads to the message opened in the contact inbox', () => {
    expect(contactAlertId('0b0f6f7e-1c1f-4e55-9d8e-0d1d2a3b4c5d')).toBe('contact:0b0f6f7e-1c1f-4e55-9d8e-0d1d2a3b4c5d');
    expect(contactAlertHref('0b0f6f7e-1c1f-4e55-9d8e-0d1d2a3b4c5d')).toBe('/admin/contact?message=0b0f6f7e-1c1f-4e55-9d8e-0d1d2a3b4c5d');
  });
});
