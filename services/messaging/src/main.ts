import { runService } from '@lbf/service-kit';
import { messagingService } from './app';
import { fromEnv } from './config';

runService(() => messagingService(fromEnv()));
