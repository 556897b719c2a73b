import { userExportModule, type EventBus } from '@lbf/service-kit';
import type { CatalogueDeps } from '../shared/deps';
import { cataloguePart } from './store';

/**
 * Data export (identity.user.export_requested, durable `catalogue-export-requested`, the kit's export
 * room): what the person owns, where they stand in each lesson, their views and their copies of guides.
 */
export const exportModule = (deps: Pick<CatalogueDeps, 'uow' | 'log'> & { bus: EventBus; maxDeliver?: number }) =>
  userExportModule('catalogue', deps, (request, { manager }) => cataloguePart(manager, request.userId));
