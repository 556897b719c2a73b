import { userExportModule, type EventBus } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../settlement';
import { commercePart } from './store';

/**
 * Data export (identity.user.export_requested, durable `commerce-export-requested`, the kit's export
 * room): the buyer's orders, receipts, payment attempts and claims, without secrets (store.ts).
 */
export const commerceExport = (deps: Pick<CommerceDeps, 'uow' | 'log' | 'config'>, bus: EventBus) =>
  userExportModule<CommerceJobs>('commerce', { bus, uow: deps.uow, log: deps.log, maxDeliver: deps.config.eventMaxDeliver }, (request, { manager }) =>
    commercePart(manager, request.userId),
  );
