export { erasureModule } from './erasure.module';
