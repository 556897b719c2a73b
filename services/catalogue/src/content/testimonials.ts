import { changedFields, recordAdminAction, settle, validInput, type AdminActor, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { catalogueError, messages } from '../shared/errors';
import { createTestimonialInput, updateTestimonialInput } from './inputs';
import type { Testimonial } from './records';
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

/** The fields an update's journal entry compares, before and after. */
const JOURNAL_FIELDS = ['name', 'location', 'content', 'rating', 'isActive'] as const;

export function createTestimonial(deps: CatalogueDeps, admin: AdminActor, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
    const parsed = validInput(createTestimonialInput, input);
    return deps.uow.run(async (tx) => {
      const t = await insertTestimonial(tx.manager, { id: randomUUID(), ...parsed, createdAt: new Date() });
      await recordAdminAction(tx, admin, 'testimonial.created', { id: t.id, label: t.name }, { isActive: t.isActive });
      return t;
    });
  });
}

export function updateTestimonial(deps: CatalogueDeps, admin: AdminActor, id: string, input: unknown): Promise<Result<Testimonial>> {
  return settle(async () => {
    const parsed = validInput(updateTestimonialInput, input);
    return deps.uow.run(async (tx) => {
      const found = await lockedTestimonial(tx.manager, id);
      if (!found) throw catalogueError('NOT_FOUND', messages.testimonialNotFound);
      const before = { ...found };
      for (const [k, v] of Object.entries(parsed)) if (v !== undefined) (found as unknown as Record<string, unknown>)[k] = v;
      await recordAdminAction(tx, admin, 'testimonial.updated', { id: found.id, label: found.name }, changedFields(before, found, JOURNAL_FIELDS));
      return saveTestimonial(tx.manager, found);
    });
  });
}

export function deleteTestimonial(deps: CatalogueDeps, admin: AdminActor, id: string): Promise<Result<void>> {
  return settle(() =>
    deps.uow.run(async (tx) => {
      const gone = await deleteTestimonialRow(tx.manager, id);
      if (!gone) throw catalogueError('NOT_FOUND', messages.testimonialNotFound);
      await recordAdminAction(tx, admin, 'testimonial.deleted', { id: gone.id, label: gone.name });
    }),
  );
}
