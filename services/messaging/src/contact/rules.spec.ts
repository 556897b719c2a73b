import { CONTACT_TEXT, contactInputSchema, isHoneypotFilled, rateLimitMessage, subjectOfStored, ticketWaitSeconds } from './rules';

const good = { name: 'Awa Ngo', email: ' Awa@Example.COM ', subject: 'SUPPORT', message: 'Bonjour, une question.', acceptTerms: true, ticket: 't' };
const firstMessage = (input: Record<string, unknown>) => contactInputSchema.safeParse(input).error?.issues[0].message;

describe('contact rules', () => {
  it('accepts a good form, trimmed and lower-cased', () => {
    expect(contactInputSchema.parse(good)).toMatchObject({ name: 'Awa Ngo', email: 'awa@example.com', subject: 'SUPPORT' });
  });

  it('refuses with the spec messages, verbatim', () => {
    expect(firstMessage({ ...good, name: ' A ' })).toBe('Le nom doit contenir au moins 2 caractères');
    expect(firstMessage({ ...good, email: 'awa@' })).toBe('Veuillez entrer une adresse email valide');
    expect(firstMessage({ ...good, subject: null })).toBe('Veuillez sélectionner un sujet');
    expect(firstMessage({ ...good, message: 'court' })).toBe('Le message doit contenir au moins 10 caractères');
    expect(firstMessage({ ...good, acceptTerms: false })).toBe('Vous devez accepter les conditions');
    expect(firstMessage({ ...good, message: 'x'.repeat(5001) })).toBe(CONTACT_TEXT.messageLong);
    expect(firstMessage({ ...good, name: 'x'.repeat(101) })).toBe(CONTACT_TEXT.nameLong);
  });

  it('sees a filled honeypot', () => {
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled('  ')).toBe(false);
    expect(isHoneypotFilled('http://spam')).toBe(true);
  });

  it('says when to retry', () => {
    expect(rateLimitMessage(10_000)).toBe('Vous avez envoyé trop de messages. Veuillez réessayer dans 1 minute.');
    expect(rateLimitMessage(11 * 60_000 + 1)).toBe('Vous avez envoyé trop de messages. Veuillez réessayer dans 12 minutes.');
    expect(rateLimitMessage(60 * 60_000)).toBe('Vous avez envoyé trop de messages. Veuillez réessayer dans 1 heure.');
  });

  it('measures the fill time', () => {
    expect(ticketWaitSeconds(1000, 1500)).toBe(3);
    expect(ticketWaitSeconds(1000, 4000)).toBe(0);
  });

  it('maps stored subjects', () => {
    expect(subjectOfStored('partnership')).toBe('PARTNERSHIP');
    expect(() => subjectOfStored('x')).toThrow();
  });
});
