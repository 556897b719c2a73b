export { apiKeysModule } from './api-keys.module';
export { API_KEY_EXCHANGE_PATH } from './routes';
