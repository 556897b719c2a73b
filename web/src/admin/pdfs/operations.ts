import type { AdminPdfRowFragment } from '@/generated/graphql';

export type AdminPdf = AdminPdfRowFragment;

export const PAGE_SIZE = 20;

