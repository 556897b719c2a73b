import type { JobHandlers, JobSchedule, RunningConsumer } from '@lbf/service-kit';
import type { Express } from 'express';
import type { Resolvers } from '../generated/graphql';
import type { MessagingJobs } from '../jobs';

/**
 * What one part of messaging (mail, contact, newsletter, internal messages) adds to the service:
 * app.ts merges the four. Each part owns its resolvers/<part>.ts, operations, jobs and routes.
 */
export interface AreaParts {
  resolvers?: Resolvers;
  consumers?: Array<{ name: string; start: () => Promise<RunningConsumer> }>;
  jobHandlers?: Partial<JobHandlers<MessagingJobs>>;
  jobSchedules?: JobSchedule<MessagingJobs>[];
  routes?: (app: Express) => void;
  /** Called during setup, before the service listens (listeners, extra queues); `stop` at shutdown. */
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
}

/** Merges the parts' resolver maps type by type (Query, Mutation, Subscription, User, ...); a field defined twice is a bug. */
export function mergeResolvers(parts: AreaParts[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [type, fields] of Object.entries(part.resolvers ?? {})) {
      const target = (merged[type] ??= {});
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in target) throw new Error(`${type}.${field} is resolved by two parts of messaging`);
        target[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}
