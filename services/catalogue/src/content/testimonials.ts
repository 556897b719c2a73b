import { settle, validInput, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { catalogueError, messages } from '../shared/errors';
import { createTestimonialInput, updateTestimonialInput } from '../shared/inputs';
import { Testimonial } from '../entities';
import type { CatalogueDeps } from '../shared/deps';
import { isUuid } from '../shared/query-helpers';

/** The spec's home page shows the 5 newest active testimonials. */
export const PUBLIC_TESTIMONIALS = 5;

export function activeTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return deps.ds.getRepository(Testimonial).find({ where: { isActive: true }, order: { createdAt: 'DESC', id: 'DESC' }, take: PUBLIC_TESTIMONIALS });
}

export function allTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return deps.ds.getRepository(Testimonial).find({ order: { createdAt: 'DESC', id: 'DESC' } });
}

export function createTestimonial(deps: CatalogueDeps, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
  const parsed = validInput(createTestimonialInput, input);
  const repo = deps.ds.getRepository(Testimonial);
  const t = repo.create({ id: randomUUID(), ...parsed, createdAt: new Date() });
  await repo.insert(t);
  return t;
  });
}

export function updateTestimonial(deps: CatalogueDeps, id: string, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
  const parsed = validInput(updateTestimonialInput, input);
  const t = await deps.ds.transaction(async (m) => {
    const found = isUuid(id) ? await m.getRepository(Testimonial).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
    if (!found) throw catalogueError('NOT_FOUND', messages.testimonialNotFound);
    for (const [k, v] of Object.entries(parsed)) if (v !== undefined) (found as unknown as Record<string, unknown>)[k] = v;
    return m.getRepository(Testimonial).save(found);
  });
  return t;
  });
}

export function deleteTestimonial(deps: CatalogueDeps, id: string): Promise<Result<void>> {
  return settle(async () => {
  const r = isUuid(id) ? await deps.ds.getRepository(Testimonial).delete({ id }) : { affected: 0 };
  if (!r.affected) throw catalogueError('NOT_FOUND', messages.testimonialNotFound);
  });
}
