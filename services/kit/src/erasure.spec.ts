import { erasedEmail, erasedTag, SCRUBBED, scrubText } from './erasure';

describe('scrubbing a deleted person out of a text that stays', () => {
  it('replaces each string searched for, case ignored, a whole name before its parts', () => {
    expect(scrubText('Bonjour AWA Ndiaye, awa@example.cm : Awa', ['Awa', 'Awa Ndiaye', 'awa@example.cm'])).toBe(`Bonjour ${SCRUBBED}, ${SCRUBBED} : ${SCRUBBED}`);
  });

  it('takes strings literally and leaves out those too short to search for', () => {
    expect(scrubText('a+b (c) Al', ['a+b', '(c)', 'Al'])).toBe(`${SCRUBBED} ${SCRUBBED} Al`);
    expect(scrubText('rien', [])).toBe('rien');
  });
});

describe('a pseudonym', () => {
  it('is random, and its address is one no mail server delivers', () => {
    const [a, b] = [erasedTag(), erasedTag()];
    expect(a).not.toBe(b);
    expect(erasedEmail(a)).toMatch(/^compte-supprime-[0-9a-f]{12}@lbf\.invalid$/);
  });
});
