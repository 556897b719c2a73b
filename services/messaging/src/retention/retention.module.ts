import { retentionModule } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { MessagingJobs } from '../shared/jobs';
import { purgeExpired } from './store';

/** Retention: once a day, mail contents and old messages past the privacy page's durations are erased (the kit's retentionModule). */
export const messagingRetention = (deps: Pick<MessagingDeps, 'ds' | 'log'>) => retentionModule<MessagingJobs>('messaging', deps.log, (retention) => purgeExpired(deps.ds, retention));
