import { runService } from '@lbf/service-kit';
import { analyticsService } from './app';
import { fromEnv } from './config';

runService(() => analyticsService(fromEnv()));
