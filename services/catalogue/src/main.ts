import { runService } from '@lbf/service-kit';
import { catalogueService } from './app';
import { fromEnv } from './config';

runService(() => catalogueService(fromEnv()));
