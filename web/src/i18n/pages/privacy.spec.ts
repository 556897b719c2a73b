import { describe, expect, it } from '@jest/globals';
import { RETENTION } from '@lbf/proto-events/src/retention';
import { privacy } from './privacy';

/** Every piece of text of a page, as one string with plain spaces. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join(' ');
  return '';
}

const UNITS: Record<string, string> = { Hours: 'heures', Days: 'jours', Months: 'mois', Years: 'ans' };

describe('the privacy page and the retention jobs state the same durations', () => {
  const page = textOf(privacy).replace(/\s+/g, ' ');

  it.each(Object.entries(RETENTION))('states %s (%d) in its words', (key: string, value: number) => {
    const unit = Object.entries(UNITS).find(([suffix]) => key.endsWith(suffix))?.[1];
    expect(unit).toBeDefined();
    expect(page).toContain(`${value} ${unit}`);
  });
});
