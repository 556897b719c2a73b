import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

// The key of the callbacks on a query runner, and the mark of the subscriber (one per data source).
const KEY = '__lbfAfterCommit';
type Callback = () => Promise<unknown> | unknown;
type Logger = { warn(obj: object, msg: string): void };

function pending(qr: QueryRunner): Callback[] {
  const data = qr.data as Record<string, unknown>;
  return ((data[KEY] as Callback[] | undefined) ??= []);
}

/**
 * Lets code inside a transaction it does not own (e.g. a kit consumer's handler) run something
 * once that transaction has committed: a TypeORM subscriber fires the callbacks after the
 * outermost COMMIT and drops them on rollback. Installed once per data source.
 */
export function installAfterCommit(ds: DataSource, log: Logger): void {
  if (ds.subscribers.some((s) => (s as { [KEY]?: boolean })[KEY])) return;
  ds.subscribers.push({
    [KEY]: true,
    async afterTransactionCommit({ queryRunner }: { queryRunner: QueryRunner }) {
      if (queryRunner.isTransactionActive) return;
      const callbacks = pending(queryRunner).splice(0);
      for (const cb of callbacks) {
        try {
          await cb();
        } catch (err) {
          // The change is committed; what was to follow it is recovered by its own sweeper.
          log.warn({ err: (err as Error).message }, 'after-commit callback failed');
        }
      }
    },
    afterTransactionRollback({ queryRunner }: { queryRunner: QueryRunner }) {
      if (!queryRunner.isTransactionActive) pending(queryRunner).splice(0);
    },
  } as never);
}

/** Runs `fn` once the manager's transaction commits (at once when there is no transaction). */
export async function afterCommit(manager: EntityManager, fn: Callback): Promise<void> {
  const qr = manager.queryRunner;
  if (qr?.isTransactionActive) pending(qr).push(fn);
  else await fn();
}
