import { randomUUID } from 'node:crypto';
import { catalogueError, messages } from '../domain/errors';
import { createTestimonialInput, parseWith, updateTestimonialInput } from '../domain/inputs';
import { Testimonial } from '../entities';
import { catching, deleting, fail, ok, ResultError, type CatalogueDeps, type DeleteOutcome, type Outcome } from './deps';
import { isUuid } from './query-helpers';

/** The spec's home page shows the 5 newest active testimonials. */
export const PUBLIC_TESTIMONIALS = 5;

export function activeTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return deps.ds.getRepository(Testimonial).find({ where: { isActive: true }, order: { createdAt: 'DESC', id: 'DESC' }, take: PUBLIC_TESTIMONIALS });
}

export function allTestimonials(deps: Pick<CatalogueDeps, 'ds'>): Promise<Testimonial[]> {
  return deps.ds.getRepository(Testimonial).find({ order: { createdAt: 'DESC', id: 'DESC' } });
}

export function createTestimonial(deps: CatalogueDeps, input: unknown): Promise<Outcome<Testimonial>> {
  return catching(async () => {
    const parsed = parseWith(createTestimonialInput, input);
    if (!parsed.ok) return fail(parsed.error);
    const repo = deps.ds.getRepository(Testimonial);
    const t = repo.create({ id: randomUUID(), ...parsed.value, createdAt: new Date() });
    await repo.insert(t);
    return ok(t);
  });
}

export function updateTestimonial(deps: CatalogueDeps, id: string, input: unknown): Promise<Outcome<Testimonial>> {
  return catching(async () => {
    const parsed = parseWith(updateTestimonialInput, input);
    if (!parsed.ok) return fail(parsed.error);
    const t = await deps.ds.transaction(async (m) => {
      const found = isUuid(id) ? await m.getRepository(Testimonial).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!found) throw new ResultError(catalogueError('NOT_FOUND', messages.testimonialNotFound));
      for (const [k, v] of Object.entries(parsed.value)) if (v !== undefined) (found as unknown as Record<string, unknown>)[k] = v;
      return m.getRepository(Testimonial).save(found);
    });
    return ok(t);
  });
}

export function deleteTestimonial(deps: CatalogueDeps, id: string): Promise<DeleteOutcome> {
  return deleting(async () => {
    const r = isUuid(id) ? await deps.ds.getRepository(Testimonial).delete({ id }) : { affected: 0 };
    if (!r.affected) throw new ResultError(catalogueError('NOT_FOUND', messages.testimonialNotFound));
  });
}
