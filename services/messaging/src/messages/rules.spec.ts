import { displayName, isUuid, MESSAGES_TEXT, readRatePercent, recipientsArgsSchema, sendMessageSchema } from './rules';

const id = '6f1c1f36-3a43-4a8e-9a77-0c4f9d7b2a11';

describe('internal messages rules', () => {
  it('requires subject and content with the spec sentence', () => {
    const r = sendMessageSchema.safeParse({ toAll: true, subject: '  ', content: 'Bonjour' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MESSAGES_TEXT.subjectAndContent);
    const c = sendMessageSchema.safeParse({ toAll: true, subject: 'Sujet', content: '' });
    expect(c.error?.issues[0].message).toBe(MESSAGES_TEXT.subjectAndContent);
  });

  it('requires a recipient unless sent to all', () => {
    const r = sendMessageSchema.safeParse({ toAll: false, recipientId: null, subject: 'Sujet', content: 'Bonjour' });
    expect(r.error?.issues[0]).toMatchObject({ message: 'Veuillez sélectionner un destinataire.', path: ['recipientId'] });
    expect(sendMessageSchema.safeParse({ toAll: false, recipientId: 'nope', subject: 'S', content: 'C' }).error?.issues[0].message).toBe(MESSAGES_TEXT.recipientUnknown);
    expect(sendMessageSchema.parse({ toAll: false, recipientId: id, subject: ' S ', content: 'C' })).toEqual({ toAll: false, recipientId: id, subject: 'S', content: 'C' });
    expect(sendMessageSchema.parse({ toAll: true, subject: 'S', content: 'C' }).recipientId).toBeNull();
  });

  it('computes the read rate, rounded, 0 with nothing sent', () => {
    expect(readRatePercent(0, 0)).toBe(0);
    expect(readRatePercent(1, 3)).toBe(33);
    expect(readRatePercent(2, 3)).toBe(67);
    expect(readRatePercent(3, 3)).toBe(100);
  });

  it('names the sender, or the team', () => {
    expect(displayName('Awa', 'Ngo')).toBe('Awa Ngo');
    expect(displayName(' ', null)).toBe("L'équipe LBF");
    expect(displayName(null, null)).toBe("L'équipe LBF");
  });

  it('checks ids and recipient arguments', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid('x')).toBe(false);
    expect(recipientsArgsSchema.parse({})).toEqual({ search: null, first: 20 });
    expect(recipientsArgsSchema.safeParse({ first: 1000 }).success).toBe(false);
  });
});
