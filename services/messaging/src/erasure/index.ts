export { messagingErasure } from './erasure.module';
