import type { AdminApiKeyRowFragment } from '@/generated/graphql';

export type AdminApiKey = AdminApiKeyRowFragment;

