import type { RepeatOptions } from 'bullmq';
import type { JobMap } from './queues';

/** A recurring job, upserted under a fixed id at every start so replicas never duplicate it. */
export interface JobSchedule<J extends JobMap> {
  id: string;
  name: keyof J & string;
  repeat: Omit<RepeatOptions, 'key'>;
  data?: Record<string, unknown>;
}
