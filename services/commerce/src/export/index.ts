export { commerceExport } from './export.module';
