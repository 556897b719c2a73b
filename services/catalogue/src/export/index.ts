export { exportModule } from './export.module';
