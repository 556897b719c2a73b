import { Redis } from 'ioredis';

export { Redis };

export function createRedis(url: string, name: string): Redis {
  // BullMQ needs maxRetriesPerRequest null on its connections; harmless for the others.
  return new Redis(url, { connectionName: name, maxRetriesPerRequest: null, lazyConnect: false });
}
