import { parseInput } from '@lbf/service-kit';
import { createArticleInput, createTestimonialInput } from './inputs';

describe('article and testimonial inputs', () => {
  it('keeps an article a draft unless asked to publish', () => {
    const r = parseInput(createArticleInput, { title: 'T', excerpt: 'E', bodyHtml: '<p>B</p>', author: 'A', category: 'cardio' });
    expect(r).toMatchObject({ ok: true, value: { publish: false } });
  });

  it('gives a testimonial a rating of 5 unless told otherwise, and refuses 6', () => {
    expect(parseInput(createTestimonialInput, { name: 'Awa', content: 'Merci' })).toMatchObject({ ok: true, value: { rating: 5, isActive: true, location: '' } });
    expect(parseInput(createTestimonialInput, { name: 'Awa', content: 'Merci', rating: 6 })).toMatchObject({
      ok: false,
      error: { message: 'La note doit être comprise entre 1 et 5.', field: 'rating' },
    });
  });
});
