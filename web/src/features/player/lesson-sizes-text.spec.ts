import { describe, expect, it } from '@jest/globals';
import { lessonSizesText } from './lesson-sizes-text';

const ladder = [
  { height: 234, bytes: 12_300_000 },
  { height: 360, bytes: 31_500_000 },
  { height: null, bytes: 4_200_000 },
];

describe('the lesson’s size before pressing play', () => {
  it('gives the economy quality (lowest rung) and audio only when data saver is chosen', () => {
    expect(lessonSizesText(ladder, { dataSaver: true, audioOnly: false })).toBe('12 Mo en qualité économique · 4,2 Mo en audio seul');
  });

  it('gives at most the highest rung in adaptive quality', () => {
    expect(lessonSizesText(ladder, { dataSaver: false, audioOnly: false })).toBe('jusqu’à 32 Mo en qualité automatique · 4,2 Mo en audio seul');
  });

  it('gives audio only alone when it is the choice, and nothing before the ladder exists', () => {
    expect(lessonSizesText(ladder, { dataSaver: true, audioOnly: true })).toBe('4,2 Mo en audio seul');
    expect(lessonSizesText([], { dataSaver: true, audioOnly: false })).toBeNull();
  });
});
