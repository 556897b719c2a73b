import type { Express } from 'express';
import type { JobSchedule } from './boot';
import type { RunningConsumer } from './event-bus';
import type { JobHandlers, JobMap } from './queues';

/**
 * One room of a service (issue 21): what a folder `src/<module>/` adds to the service — its
 * resolvers, HTTP routes, consumers, jobs and schedules, readiness checks and anything it starts
 * and stops. A service's `setup` returns `{ modules: [...] }` and the kit merges them; a module is
 * built by a function of the service's deps, e.g. `export const checkoutModule = (deps) => defineModule({...})`.
 */
export interface ModuleParts<J extends JobMap = JobMap> {
  /** For messages: 'checkout', 'newsletter', ... */
  name: string;
  /** Resolver maps by type (Query, Mutation, User, ...); a field resolved by two modules refuses boot. */
  resolvers?: Readonly<Record<string, object>>;
  routes?: (app: Express) => void;
  consumers?: Array<{ name: string; start: () => Promise<RunningConsumer> }>;
  jobHandlers?: Partial<JobHandlers<J>>;
  jobSchedules?: JobSchedule<J>[];
  readiness?: Record<string, () => Promise<unknown>>;
  /** Runs during setup, before the service listens (listeners, extra queues). */
  start?: () => Promise<void>;
  /** Runs at shutdown, before the kit closes its own connections. */
  stop?: () => Promise<unknown>;
}

/** Only for inference and one shape: `defineModule({ name, resolvers, ... })`. */
export function defineModule<J extends JobMap = JobMap>(module: ModuleParts<J>): ModuleParts<J> {
  return module;
}

/** What the modules add up to, in the shape `ServiceParts` takes. */
export interface ComposedModules<J extends JobMap> {
  resolvers: Record<string, Record<string, unknown>>;
  routes: (app: Express) => void;
  consumers: Array<{ name: string; start: () => Promise<RunningConsumer> }>;
  jobHandlers: Partial<JobHandlers<J>>;
  jobSchedules: JobSchedule<J>[];
  readiness: Record<string, () => Promise<unknown>>;
}

/**
 * Merges the modules' parts: resolver maps type by type (a field twice is a bug: thrown), job
 * handlers by name (twice: thrown), the rest concatenated in the modules' order.
 */
export function composeModules<J extends JobMap>(modules: readonly ModuleParts<J>[]): ComposedModules<J> {
  const resolvers: Record<string, Record<string, unknown>> = {};
  const owner = new Map<string, string>();
  const jobHandlers: Record<string, unknown> = {};
  const readiness: Record<string, () => Promise<unknown>> = {};
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m.resolvers ?? {})) {
      const target = (resolvers[type] ??= {});
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        const key = `${type}.${field}`;
        if (owner.has(key)) throw new Error(`${key} is resolved by two modules (${owner.get(key)}, ${m.name})`);
        owner.set(key, m.name);
        target[field] = resolver;
      }
    }
    for (const [job, handler] of Object.entries(m.jobHandlers ?? {})) {
      if (job in jobHandlers) throw new Error(`job ${job} is handled by two modules (second: ${m.name})`);
      jobHandlers[job] = handler;
    }
    Object.assign(readiness, m.readiness);
  }
  return {
    resolvers,
    routes: (app) => modules.forEach((m) => m.routes?.(app)),
    consumers: modules.flatMap((m) => m.consumers ?? []),
    jobHandlers: jobHandlers as Partial<JobHandlers<J>>,
    jobSchedules: modules.flatMap((m) => m.jobSchedules ?? []),
    readiness,
  };
}
