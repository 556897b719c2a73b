import { retentionModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../settlement';
import { purgeExpired } from './store';

/** Retention: once a day, the providers' raw exchanges past the privacy page's durations are erased (the kit's retentionModule). */
export const commerceRetention = (deps: Pick<CommerceDeps, 'ds' | 'log'>) => retentionModule<CommerceJobs>('commerce', deps.log, (retention) => purgeExpired(deps.ds, retention));
