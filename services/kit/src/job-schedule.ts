import type { RepeatOptions } from 'bullmq';
import type { JobMap } from './queues';

/**
 * A recurring job, upserted under a fixed id at every start so replicas never duplicate it.
 * In a file of its own so that boot.ts and module.ts both use it without importing each other
 * (madge found boot ↔ module); boot.ts re-exports it, so `import { JobSchedule } from '@lbf/service-kit'` is unchanged.
 */
export interface JobSchedule<J extends JobMap> {
  id: string;
  name: keyof J & string;
  repeat: Omit<RepeatOptions, 'key'>;
  data?: Record<string, unknown>;
}
