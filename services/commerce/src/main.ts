import { runService } from '@lbf/service-kit';
import { commerceService } from './app';
import { fromEnv } from './config';

runService(() => commerceService(fromEnv()));
