import type { RunningService } from './boot';

/** A service booted in this process as its `startX` answers it (main, the tests, the gateway's tests): its addresses and stop. */
export interface ServiceHandle {
  url: string;
  wsUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** The handle of a service the kit booted; a service adds what its tests look at (its store, queues, deps). */
export function serviceHandle(running: Pick<RunningService<unknown>, 'url' | 'wsUrl' | 'port' | 'stop'>): ServiceHandle {
  return { url: running.url, wsUrl: running.wsUrl, port: running.port, stop: async () => void (await running.stop()) };
}
