export { commerceErasure } from './erasure.module';
