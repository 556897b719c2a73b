import type { DataSource, EntityManager } from 'typeorm';
import type { Emit } from './outbox';

/** One transaction of the unit of work: its entity manager, and the events it will publish. */
export interface Tx {
  manager: EntityManager;
  /** Records an event to publish once this transaction commits. */
  emit: Emit;
  /** The service whose outbox this is (the events' producer), e.g. for its own `<service>.admin.action_recorded`. */
  producer: string;
}

/** What code that only runs transactions needs of the unit of work (the inbox, the replayer). */
export interface TransactionRunner {
  readonly ds: DataSource;
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}
