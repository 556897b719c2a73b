import type { AdminTestimonialRowFragment } from '@/generated/graphql';

export type AdminTestimonial = AdminTestimonialRowFragment;

