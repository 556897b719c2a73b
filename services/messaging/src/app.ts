import { bootService, defineService, type BaseContext, type ServiceQueues } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { MessagingConfig } from './config';
import { createDataSource } from './database';
import { MESSAGING_JOB_NAMES, type MessagingJobs } from './jobs';
import { mergeResolvers, type AreaParts } from './operations/area';
import { contactArea } from './operations/contact-area';
import type { MessagingDeps } from './operations/deps';
import { mailArea } from './operations/mail-area';
import { messagesArea } from './operations/messages-area';
import { newsletterArea } from './operations/newsletter-area';
import { typeDefs } from './schema';

export interface MessagingOptions {
  /** The clock (tests). */
  now?: () => Date;
}

export interface RunningMessaging {
  url: string;
  wsUrl: string;
  port: number;
  /** http://127.0.0.1:<port>: the service's own routes (one-click unsubscribe, tracked links). */
  baseUrl: string;
  ds: DataSource;
  deps: MessagingDeps;
  queues: ServiceQueues<MessagingJobs>;
  stop(): Promise<void>;
}

/** What messaging is on top of the kit's bootstrap: its four parts, merged. */
export function messagingService(config: MessagingConfig, options: MessagingOptions = {}) {
  return defineService<MessagingConfig, MessagingJobs, BaseContext, { deps: MessagingDeps }>({
    name: 'messaging',
    config,
    dataSource: (url) => createDataSource(url),
    typeDefs,
    subscriptions: true,
    jobs: { names: MESSAGING_JOB_NAMES, concurrency: 8 },
    async setup({ ds, uow, bus, redis, log, enqueue, onShutdown }) {
      const deps: MessagingDeps = {
        ds,
        uow,
        bus,
        log,
        config,
        redis,
        redisKeyPrefix: config.redisKeyPrefix ?? 'lbf',
        enqueue: (name, data, opts) => enqueue(name, data, opts),
        now: options.now ?? (() => new Date()),
      };
      const parts: AreaParts[] = [mailArea(deps), contactArea(deps), newsletterArea(deps), messagesArea(deps)];
      for (const part of parts) {
        if (part.start) await part.start();
        if (part.stop) onShutdown('messaging part', part.stop);
      }
      return {
        resolvers: mergeResolvers(parts),
        routes: (app) => parts.forEach((p) => p.routes?.(app)),
        consumers: parts.flatMap((p) => p.consumers ?? []),
        jobHandlers: Object.assign({}, ...parts.map((p) => p.jobHandlers ?? {})),
        jobSchedules: parts.flatMap((p) => p.jobSchedules ?? []),
        expose: { deps },
      };
    },
  });
}

/** Boots messaging in this process (what main does, and what the tests call). */
export async function startMessaging(config: MessagingConfig, options: MessagingOptions = {}): Promise<RunningMessaging> {
  const running = await bootService(messagingService(config, options));
  return {
    url: running.url,
    wsUrl: running.wsUrl,
    port: running.port,
    baseUrl: running.url.replace(/\/graphql$/, ''),
    ds: running.ds,
    deps: running.expose.deps,
    queues: running.queues as unknown as ServiceQueues<MessagingJobs>,
    stop: async () => void (await running.stop()),
  };
}
