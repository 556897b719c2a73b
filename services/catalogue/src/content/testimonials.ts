import { ok, settle, validInput, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { catalogueError, messages, refused } from '../shared/errors';
import { createTestimonialInput, updateTestimonialInput } from '../shared/inputs';
import type { Testimonial } from '../shared/records';
import type { CatalogueDeps } from '../shared/deps';
import { activeTestimonialRows, allTestimonialRows, deleteTestimonialRow, insertTestimonial, lockedTestimonial, saveTestimonial } from './store';

/** The spec's home page shows the 5 newest active testimonials. */
export const PUBLIC_TESTIMONIALS = 5;

export function activeTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return activeTestimonialRows(deps.ds.manager, PUBLIC_TESTIMONIALS);
}

export function allTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return allTestimonialRows(deps.ds.manager);
}

export function createTestimonial(deps: CatalogueDeps, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
    const parsed = validInput(createTestimonialInput, input);
    return insertTestimonial(deps.ds.manager, { id: randomUUID(), ...parsed, createdAt: new Date() });
  });
}

export function updateTestimonial(deps: CatalogueDeps, id: string, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
    const parsed = validInput(updateTestimonialInput, input);
    const t = await deps.ds.transaction(async (m) => {
      const found = await lockedTestimonial(m, id);
      if (!found) throw catalogueError('NOT_FOUND', messages.testimonialNotFound);
      for (const [k, v] of Object.entries(parsed)) if (v !== undefined) (found as unknown as Record<string, unknown>)[k] = v;
      return saveTestimonial(m, found);
  });
  return t;
  });
}

export async function deleteTestimonial(deps: CatalogueDeps, id: string): Promise<Result<void>> {
  return (await deleteTestimonialRow(deps.ds.manager, id)) ? ok(undefined) : refused('NOT_FOUND', messages.testimonialNotFound);
}
