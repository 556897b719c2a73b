import { parseInput } from '@lbf/service-kit';
import { adminActionRecorded } from '@lbf/service-kit/testing';
import { actionChoices, actorLabel, COMMAND_LINE, journalFilter, searchable, searchTextOf, targetTypeChoices } from './rules';

const entry = adminActionRecorded();

describe('the journal’s rules', () => {
  it('searches without case or accents, in who, from where, what and on what, not in the details', () => {
    expect(searchable('Éloïse ÉBOUÉ')).toBe('eloise eboue');
    const text = searchTextOf(entry);
    for (const part of ['eloise mbarga', 'eloise@lbf.test', '10.1.2.3', 'utilisateur banni', 'jean eboue', entry.target.id]) expect(text).toContain(part);
    expect(text).not.toContain('fabrication');
  });

  it('offers every known action and target type, then the unknown ones the journal holds', () => {
    const actions = actionChoices(['user.banned', 'data.shredded']);
    expect(actions[0]).toEqual({ value: 'user.banned', label: 'Utilisateur banni' });
    expect(actions.filter((a) => a.value === 'user.banned')).toHaveLength(1);
    expect(actions.at(-1)).toEqual({ value: 'data.shredded', label: 'data.shredded' });
    expect(targetTypeChoices(['robot']).at(-1)).toEqual({ value: 'robot', label: 'robot' });
  });

  it('names an administrator by name and e-mail, the command line as such', () => {
    expect(actorLabel({ actorId: entry.actor.userId, actorName: 'Awa', actorEmail: 'awa@lbf.test' })).toBe('Awa <awa@lbf.test>');
    expect(actorLabel({ actorId: entry.actor.userId, actorName: null, actorEmail: null })).toBe(entry.actor.userId);
    expect(actorLabel({ actorId: null, actorName: null, actorEmail: null })).toBe('Ligne de commande');
    expect(actorLabel({ actorId: entry.actor.userId, actorName: 'ERP', actorEmail: null, origin: 'integration' })).toBe('Intégration « ERP »');
  });

  it('takes an administrator’s id or the command line, ISO days, and refuses anything else', () => {
    expect(parseInput(journalFilter, { actor: COMMAND_LINE, from: '2026-11-01', search: ' ban ' })).toEqual({ ok: true, value: { actor: COMMAND_LINE, from: '2026-11-01', search: 'ban' } });
    expect(parseInput(journalFilter, { actor: 'quelqu’un' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(parseInput(journalFilter, { from: '01/11/2026' })).toMatchObject({ ok: false, error: { message: 'Date invalide.' } });
  });
});
