import { runService } from '@lbf/service-kit';
import { identityService } from './app';
import { fromEnv } from './config';

runService(() => identityService(fromEnv()));
